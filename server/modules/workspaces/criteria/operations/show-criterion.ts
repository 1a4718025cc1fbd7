import type { Actor } from '../../../../core/actor';
import { loadCriterion, presentWithOptions, type CriteriaDeps } from './criteria';

/** One criterion with its options. */
export async function showCriterion(deps: CriteriaDeps, actor: Actor, id: number) {
  return presentWithOptions(deps.db, await loadCriterion(deps.db, actor, id, 'view_workspace'));
}
