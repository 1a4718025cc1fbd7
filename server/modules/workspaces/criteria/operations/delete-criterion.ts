import { eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { criteria } from '../../../../db/schema';
import { loadCriterion, type CriteriaDeps } from './criteria';

/** Delete a criterion with its options. */
export async function deleteCriterion(deps: CriteriaDeps, actor: Actor, id: number) {
  const row = await loadCriterion(deps.db, actor, id, 'manage_criteria', true);
  await deps.db.delete(criteria).where(eq(criteria.id, row.id));
}
