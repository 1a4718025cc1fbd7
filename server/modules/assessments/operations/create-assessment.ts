import type { z } from 'zod';
import type { createAssessmentBody, QuestionInput } from '@contracts/assessments';
import { workspaceOperation } from '../../../core/workspace-access';
import type { DbOrTx } from '../../../db/client';
import { assessmentQuestions, assessments } from '../../../db/schema';
import { insertEvaluables, planEvaluables } from '../evaluables';
import { MANAGE, statusAfterUpdate } from '../load';
import { announceAssessmentChange, deadlineChanged } from '../notify';
import { questionRows } from '../questions';
import { checkThreshold } from '../update-assessment';
import type { AssessmentsDeps } from './deps';
import { freshAssessment } from './fresh';

/** A new assessment with its questions and who assesses whom (owners and admins). */
export const createAssessment = workspaceOperation(
  MANAGE,
  async (
    deps: AssessmentsDeps,
    access,
    input: { workspaceId: number } & z.output<typeof createAssessmentBody>,
  ) => {
    const { db } = deps;
    checkThreshold(input.anonymity_threshold);
    const expiredAt = input.expired_at ? new Date(input.expired_at) : null;
    const planned = input.who
      ? await planEvaluables(db, access.workspace.id, input.who, input.named)
      : [];
    const id = await db.transaction(async (tx) => {
      const row = await insertWithQuestions(
        tx,
        {
          workspaceId: access.workspace.id,
          name: input.name,
          description: input.description ?? null,
          type: input.type,
          expiredAt,
          color: input.color ?? null,
          anonymityThreshold: input.anonymity_threshold,
          named: input.named,
          raterRules: input.who ?? null,
          status: statusAfterUpdate(expiredAt),
          createdBy: access.userId,
        },
        input.questions,
      );
      await insertEvaluables(tx, row.id, planned);
      await deadlineChanged(tx, row);
      return row.id;
    });
    const assessment = await freshAssessment(db, { access }, id);
    announceAssessmentChange(deps, { id, workspaceId: access.workspace.id });
    return assessment;
  },
  { change: true },
);

/** Stores an assessment (or an announcement) with its questions, in the caller's transaction. */
export async function insertWithQuestions(
  tx: DbOrTx,
  values: typeof assessments.$inferInsert,
  questions: QuestionInput[],
) {
  const [row] = await tx.insert(assessments).values(values).returning();
  await tx.insert(assessmentQuestions).values(questionRows(row.id, questions));
  return row;
}
