import type { Actor } from '../../../core/actor';
import { loadObjective } from '../load';
import type { OkrsDeps } from './deps';
import { freshObjective } from './fresh';

/** One objective with its key results, alignments and check-ins. */
export async function showObjective(deps: Pick<OkrsDeps, 'db'>, actor: Actor, id: number) {
  const ctx = await loadObjective(deps.db, actor, id);
  return freshObjective(deps.db, ctx.access, ctx.objective.id);
}
