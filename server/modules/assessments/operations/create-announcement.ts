import type { z } from 'zod';
import type { createAnnouncementBody } from '@contracts/assessments';
import { workspaceOperation } from '../../../core/workspace-access';
import { MANAGE } from '../load';
import type { AssessmentsDeps } from './deps';
import { insertWithQuestions } from './create-assessment';
import { freshAssessment } from './fresh';

/** An announcement with questions for everyone in the workspace (owners and admins). */
export const createAnnouncement = workspaceOperation(
  MANAGE,
  async (
    { db }: AssessmentsDeps,
    access,
    input: { workspaceId: number } & z.output<typeof createAnnouncementBody>,
  ) => {
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
  },
  { change: true },
);
