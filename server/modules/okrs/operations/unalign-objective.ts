import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { objectiveAlignments } from '../../../db/schema';
import { objectiveFor } from '../load';
import { alignmentsOf, loadWorkspaceTree } from '../present';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';

/** Removes every upward alignment of an objective. */
export async function unalignObjective(deps: OkrsDeps, actor: Actor, id: number) {
  const ctx = await objectiveFor(deps.db, actor, id, 'align');
  await deps.db
    .delete(objectiveAlignments)
    .where(eq(objectiveAlignments.objectiveId, ctx.objective.id));
  okrsChanged(deps, ctx.objective.workspaceId);
  const tree = await loadWorkspaceTree(deps.db, ctx.objective.workspaceId);
  return alignmentsOf(ctx.objective.id, tree);
}
