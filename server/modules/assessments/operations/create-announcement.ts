import type { z } from 'zod';
import type { createAnnouncementBody } from '@contracts/assessments';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { MANAGE } from '../load';
import type { AssessmentsDeps } from './deps';
import { insertWithQuestions } from './create-assessment';
import { freshAssessment } from './fresh';

/** An announcement with questions for everyone in the workspace (owners and admins). */
export async function createAnnouncement(
  deps: AssessmentsDeps,
  actor: Actor,
  input: { workspaceId: number } & z.output<typeof createAnnouncementBody>,
) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, input.workspaceId, MANAGE, { change: true });
  const id = await db.transaction(async (tx) => {
    const row = await insertWithQuestions(
      tx,
      {
        workspaceId: access.workspace.id,
        name: input.name,
        description: input.description ?? null,
        type: 'general',
        isAnnouncement: true,
        createdBy: access.userId,
      },
      input.questions,
    );
    return row.id;
  });
  return freshAssessment(db, { access }, id);
}
