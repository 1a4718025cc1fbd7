import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { ltiContexts, ltiMembers } from '../../db/schema';
import { SCORE_QUEUE } from './score-job';
import type { ScoreJob } from './services';

/**
 * A reviewed task of a course launched from a learning platform goes to its gradebook on its
 * own: accepted work scores 1 of 1, returned work 0 of 1 (the teacher grades in detail on the
 * platform, or through `POST core/lti/scores`). Only people who launched from the course have
 * a platform identity to score. One score job per person and event, retried by the queue.
 */
export function registerTaskGradePassback(deps: AppDeps) {
  deps.jobs.on('task.notification', 'lti-grades', async (event) => {
    const { task, kind, recipients } = event.payload;
    if ((kind !== 'task_accepted' && kind !== 'task_returned') || recipients.length === 0) return;
    for (const { userId } of await scorable(deps, task.workspace_id, recipients)) {
      await queueScore(deps, event, {
        workspace_id: task.workspace_id,
        user_id: userId,
        resource_id: `task:${task.id}`,
        label: task.name,
        score_given: kind === 'task_accepted' ? 1 : 0,
      });
    }
  });
}

/**
 * An assessment of a course goes to its gradebook too: a person who handed in every evaluable
 * they had scores 1 of 1 for completion (never the ratings they gave or got: those stay
 * anonymous). The event comes from the assessments area (`assessment.handed_in`).
 */
export function registerAssessmentGradePassback(deps: AppDeps) {
  deps.jobs.on('assessment.handed_in', 'lti-grades', async (event) => {
    const { assessment, user_id: userId, handed_in: handedIn, total } = event.payload;
    if (total === 0 || handedIn < total) return;
    if ((await scorable(deps, assessment.workspace_id, [userId])).length === 0) return;
    await queueScore(deps, event, {
      workspace_id: assessment.workspace_id,
      user_id: userId,
      resource_id: `assessment:${assessment.id}`,
      label: assessment.name,
      score_given: 1,
    });
  });
}

/** Those of `userIds` who launched from a course of the workspace that takes scores. */
function scorable(deps: AppDeps, workspaceId: number, userIds: number[]) {
  return deps.db
    .select({ userId: ltiMembers.userId })
    .from(ltiMembers)
    .innerJoin(ltiContexts, eq(ltiContexts.id, ltiMembers.contextId))
    .where(
      and(
        eq(ltiContexts.workspaceId, workspaceId),
        isNotNull(ltiContexts.lineItemsUrl),
        inArray(ltiMembers.userId, userIds),
      ),
    );
}

/** Queues a score out of 1 for one person, once per event and person. */
function queueScore(
  deps: AppDeps,
  event: { id: number; createdAt: Date },
  score: Omit<ScoreJob, 'score_maximum' | 'timestamp'>,
) {
  const job: ScoreJob = { ...score, score_maximum: 1, timestamp: event.createdAt.toISOString() };
  return deps.jobs.send(SCORE_QUEUE, job, { key: `${event.id}:${score.user_id}` });
}
