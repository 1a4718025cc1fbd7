import type { Actor } from '../../../core/actor';
import { loadObjective } from '../load';
import { alignmentsOf, loadWorkspaceTree } from '../present';
import type { OkrsDeps } from './deps';

/** Where an objective aligns upwards, and what aligns under it. */
export async function listAlignments(deps: Pick<OkrsDeps, 'db'>, actor: Actor, id: number) {
  const ctx = await loadObjective(deps.db, actor, id);
  const tree = await loadWorkspaceTree(deps.db, ctx.objective.workspaceId);
  return alignmentsOf(ctx.objective.id, tree);
}
