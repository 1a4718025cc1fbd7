import type { z } from 'zod';
import type { createAnnouncementBody } from '@contracts/assessments';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { assessmentQuestions, assessments } from '../../../db/schema';
import { MANAGE } from '../load';
import { questionRows } from '../questions';
import type { AssessmentsDeps } from './deps';
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
    const [row] = await tx
      .insert(assessments)
      .values({
        workspaceId: access.workspace.id,
        name: input.name,
        description: input.description ?? null,
        type: 'general',
        isAnnouncement: true,
        createdBy: access.userId,
      })
      .returning();
    await tx.insert(assessmentQuestions).values(questionRows(row.id, input.questions));
    return row.id;
  });
  return freshAssessment(db, { access }, id);
}
