import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { assessmentEvaluables, type AssessmentEvaluableRow } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { answersOf } from '../answers';
import { presentEvaluables } from '../load';

/** One evaluable of the assessment, if the id is one of its. */
export async function findEvaluable(db: DbOrTx, assessmentId: number, evaluableId: number) {
  const [row] = await db
    .select()
    .from(assessmentEvaluables)
    .where(
      and(
        eq(assessmentEvaluables.id, evaluableId),
        eq(assessmentEvaluables.assessmentId, assessmentId),
      ),
    );
  return row as AssessmentEvaluableRow | undefined;
}

/** The same, 404 for any other id. */
export async function evaluableIn(db: DbOrTx, assessmentId: number, evaluableId: number) {
  const row = await findEvaluable(db, assessmentId, evaluableId);
  if (!row) throw notFound('assessments:messages.not_found');
  return row;
}

/**
 * The pairs of an assessment, all of them or those of one assessor or one person assessed:
 * for one assessor in the order they were set, otherwise by person assessed.
 */
export function evaluablesOf(
  db: DbOrTx,
  assessmentId: number,
  only: { assessorId?: number; evaluateeId?: number } = {},
) {
  return db
    .select()
    .from(assessmentEvaluables)
    .where(
      and(
        eq(assessmentEvaluables.assessmentId, assessmentId),
        only.assessorId === undefined
          ? undefined
          : eq(assessmentEvaluables.assessorId, only.assessorId),
        only.evaluateeId === undefined
          ? undefined
          : eq(assessmentEvaluables.evaluateeId, only.evaluateeId),
      ),
    )
    .orderBy(
      ...(only.assessorId === undefined ? [asc(assessmentEvaluables.evaluateeId)] : []),
      asc(assessmentEvaluables.id),
    );
}

type AnswerRow = Awaited<ReturnType<typeof answersOf>>[number];

/** An answer as the client reads it. */
export const presentAnswer = (a: AnswerRow) => ({
  question_id: a.questionId,
  rating: a.rating,
  choice: a.choice,
  text: a.text,
});

/** Evaluables with their own answers, each presented. */
export async function evaluablesWithAnswers(db: DbOrTx, rows: AssessmentEvaluableRow[]) {
  const [evaluables, answers] = await Promise.all([
    presentEvaluables(db, rows),
    answersOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return evaluables.map((e) => ({
    ...e,
    answers: answers.filter((a) => a.evaluableId === e.id).map(presentAnswer),
  }));
}
