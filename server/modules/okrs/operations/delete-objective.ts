import { eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { keyResults, objectives, taskKeyResults } from '../../../db/schema';
import { objectiveFor } from '../load';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';
import { sameWorkspace } from './same-workspace';

/** Deletes an objective with its key results, check-ins and alignments. */
export async function deleteObjective(
  deps: OkrsDeps,
  actor: Actor,
  input: { id: number; workspaceId?: number },
) {
  const ctx = await objectiveFor(deps.db, actor, input.id, 'delete');
  sameWorkspace(input.workspaceId, ctx.objective);
  await deps.db.transaction(async (tx) => {
    const krIds = tx
      .select({ id: keyResults.id })
      .from(keyResults)
      .where(eq(keyResults.objectiveId, ctx.objective.id));
    // Tasks keep only the ids of the key results they serve (tasks schema).
    await tx.delete(taskKeyResults).where(inArray(taskKeyResults.keyResultId, krIds));
    await tx.delete(objectives).where(eq(objectives.id, ctx.objective.id));
  });
  okrsChanged(deps, ctx.objective.workspaceId);
}
