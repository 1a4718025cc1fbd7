import { and, eq } from 'drizzle-orm';
import { operationOn } from '../../../../core/actor';
import { criteriaOptions } from '../../../../db/schema';
import { notFound } from '../../../../http/errors';
import { loadCriterion, presentWithOptions, type CriteriaDeps } from './criteria';

/** Remove one option of a criterion; 404 when it is not one of its. */
export const removeCriterionOption = operationOn(
  (db, actor, input: { id: number; optionId: number }) =>
    loadCriterion(db, actor, input.id, 'manage_criteria', true),
  async ({ db }: CriteriaDeps, row, input) => {
    const removed = await db
      .delete(criteriaOptions)
      .where(and(eq(criteriaOptions.id, input.optionId), eq(criteriaOptions.criterionId, row.id)))
      .returning({ id: criteriaOptions.id });
    if (removed.length === 0) throw notFound('workspaces:messages.criterion_not_found');
    return presentWithOptions(db, row);
  },
);
