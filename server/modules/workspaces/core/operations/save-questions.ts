import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { saveQuestionsBody } from '@contracts/workspaces';
import { workspaceOperation } from '../../../../core/workspace-access';
import { workspaceQuestions } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { questionsOf } from './questions';

/** Replaces the workspace's questions of one type, in order. */
export const saveQuestions = workspaceOperation(
  'manage_questions',
  async (
    { db }: WorkspacesDeps,
    access,
    input: z.infer<typeof saveQuestionsBody> & { workspaceId: number },
  ) => {
    const { type, questions } = input;
    const workspaceId = access.workspace.id;
    await db.transaction(async (tx) => {
      await tx
        .delete(workspaceQuestions)
        .where(
          and(eq(workspaceQuestions.workspaceId, workspaceId), eq(workspaceQuestions.type, type)),
        );
      if (questions.length === 0) return;
      await tx.insert(workspaceQuestions).values(
        questions.map((q, position) => ({
          workspaceId,
          type,
          text: q.text,
          options: q.options,
          required: q.required,
          position,
        })),
      );
    });
    return questionsOf(db, workspaceId, type);
  },
  { change: true },
);
