import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { scoreBody } from '@contracts/lti';
import type { Actor } from '../../../core/actor';
import { requireFeature } from '../../../core/plans';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { ltiMembers } from '../../../db/schema';
import { refusal } from '../../../http/errors';
import { SCORE_QUEUE } from '../score-job';
import { loadCourse, type ScoreJob } from '../services';
import type { LtiDeps } from './deps';

/** Queues a score for the course's gradebook (AGS), sent by a job. */
export async function queueScore(deps: LtiDeps, actor: Actor, body: z.output<typeof scoreBody>) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, body.workspace_id, 'review_tasks', {
    change: true,
  });
  requireFeature(access, 'lti');
  const course = await loadCourse(db, body.workspace_id);
  if (!course?.context.lineItemsUrl) throw refusal(409, 'not_linked', 'lti:messages.not_linked');
  const [member] = await db
    .select({ id: ltiMembers.id })
    .from(ltiMembers)
    .where(and(eq(ltiMembers.contextId, course.context.id), eq(ltiMembers.userId, body.user_id)));
  if (!member) throw refusal(409, 'person_not_linked', 'lti:messages.person_not_linked');
  const job: ScoreJob = {
    workspace_id: body.workspace_id,
    user_id: body.user_id,
    resource_id: `${body.item.type}:${body.item.id}`,
    label: body.label,
    score_given: body.score_given,
    score_maximum: body.score_maximum,
    timestamp: new Date().toISOString(),
  };
  await deps.jobs.send(SCORE_QUEUE, job);
  return {};
}
