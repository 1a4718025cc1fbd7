import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { answerValue } from '@contracts/assessments';
import type { DbOrTx } from '../../db/client';
import {
  assessmentAnswers,
  assessmentEvaluables,
  type AssessmentQuestionRow,
} from '../../db/schema';
import { validationFailed } from '../../http/errors';

type AnswerInput = z.infer<typeof answerValue>;

/**
 * Checks answers against their questions: a rating within 1..scale, a choice among the
 * choices, text for open questions; a question of another assessment is refused. With
 * `complete`, every required question must be answered (a submission).
 */
export function checkAnswers(
  questions: AssessmentQuestionRow[],
  answers: AnswerInput[],
  complete: boolean,
  existing: {
    questionId: number;
    rating: number | null;
    choice: string | null;
    text: string | null;
  }[] = [],
) {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const clean = new Map<
    number,
    { rating: number | null; choice: string | null; text: string | null }
  >();
  for (const e of existing) clean.set(e.questionId, e);
  for (const [i, a] of answers.entries()) {
    const q = byId.get(a.question_id);
    if (!q) throw validationFailed({ [`answers.${i}`]: 'assessments:messages.unknown_question' });
    const value = {
      rating: null as number | null,
      choice: null as string | null,
      text: null as string | null,
    };
    if (q.kind === 'rating' && a.rating !== null && a.rating !== undefined) {
      if (a.rating < 1 || a.rating > (q.options.scale ?? 5)) {
        throw validationFailed({ [`answers.${i}`]: 'assessments:messages.rating_out_of_scale' });
      }
      value.rating = a.rating;
    }
    if (q.kind === 'choice' && a.choice) {
      if (!(q.options.choices ?? []).includes(a.choice)) {
        throw validationFailed({ [`answers.${i}`]: 'assessments:messages.unknown_choice' });
      }
      value.choice = a.choice;
    }
    if (q.kind === 'text' && a.text && a.text.trim()) value.text = a.text.trim();
    clean.set(q.id, value);
  }
  if (complete) {
    const missing = questions.findIndex((q) => {
      const v = clean.get(q.id);
      return q.required && (!v || (v.rating === null && v.choice === null && v.text === null));
    });
    if (missing >= 0) {
      throw validationFailed({ [`questions.${missing}`]: 'assessments:messages.required_missing' });
    }
  }
  return clean;
}

/** Saves one evaluable's answers (replacing what was there) and its new status. */
export async function saveAnswers(
  tx: DbOrTx,
  evaluableId: number,
  answers: Map<number, { rating: number | null; choice: string | null; text: string | null }>,
  submit: boolean,
) {
  const ids = [...answers.keys()];
  if (ids.length) {
    await tx
      .delete(assessmentAnswers)
      .where(
        and(
          eq(assessmentAnswers.evaluableId, evaluableId),
          inArray(assessmentAnswers.questionId, ids),
        ),
      );
    await tx
      .insert(assessmentAnswers)
      .values([...answers].map(([questionId, v]) => ({ evaluableId, questionId, ...v })));
  }
  await tx
    .update(assessmentEvaluables)
    .set({
      status: submit ? 'submitted' : 'draft',
      submittedAt: submit ? new Date() : null,
      updatedAt: new Date(),
    })
    .where(eq(assessmentEvaluables.id, evaluableId));
}

export async function answersOf(db: DbOrTx, evaluableIds: number[]) {
  if (evaluableIds.length === 0) return [];
  return db
    .select()
    .from(assessmentAnswers)
    .where(inArray(assessmentAnswers.evaluableId, evaluableIds));
}
