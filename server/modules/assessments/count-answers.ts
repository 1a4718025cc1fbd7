import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { RaterGroup } from '@contracts/assessments';
import type { DbOrTx } from '../../db/client';
import { assessmentEvaluables, assessments, type AssessmentRow } from '../../db/schema';
import { poolsToCount, type WaitingAnswer } from './anonymity';

/**
 * The assessment row, locked until the transaction ends: hand-ins and closing count answers
 * one after another, so two hand-ins at once cannot each add one answer to a pool.
 */
export async function lockAssessment(tx: DbOrTx, id: number): Promise<AssessmentRow> {
  const [row] = await tx.select().from(assessments).where(eq(assessments.id, id)).for('update');
  return row;
}

/**
 * Counts the handed-in answers that wait into their report pools (anonymity.ts
 * `poolsToCount`), for the people assessed named or everyone. Call it in the transaction of
 * the change, after `lockAssessment`; `closing` when the assessment stops taking answers.
 */
export async function countAnswers(
  tx: DbOrTx,
  assessment: Pick<AssessmentRow, 'id' | 'anonymityThreshold'>,
  closing: boolean,
  evaluateeIds?: number[],
) {
  const waiting = await tx
    .select({
      id: assessmentEvaluables.id,
      evaluateeId: assessmentEvaluables.evaluateeId,
      group: assessmentEvaluables.raterGroup,
    })
    .from(assessmentEvaluables)
    .where(
      and(
        eq(assessmentEvaluables.assessmentId, assessment.id),
        eq(assessmentEvaluables.status, 'submitted'),
        isNull(assessmentEvaluables.reportPool),
        evaluateeIds ? inArray(assessmentEvaluables.evaluateeId, evaluateeIds) : undefined,
      ),
    );
  const byPerson = new Map<number, WaitingAnswer[]>();
  for (const w of waiting) {
    const list = byPerson.get(w.evaluateeId) ?? [];
    list.push({ id: w.id, group: w.group });
    byPerson.set(w.evaluateeId, list);
  }
  const byPool = new Map<RaterGroup, number[]>();
  for (const list of byPerson.values()) {
    for (const [id, pool] of poolsToCount(list, assessment.anonymityThreshold, closing)) {
      byPool.set(pool, [...(byPool.get(pool) ?? []), id]);
    }
  }
  for (const [pool, ids] of byPool) {
    await tx
      .update(assessmentEvaluables)
      .set({ reportPool: pool })
      .where(inArray(assessmentEvaluables.id, ids));
  }
}
