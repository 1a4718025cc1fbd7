import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { keyResults, taskKeyResults } from '../../../db/schema';
import { keyResultFor } from '../load';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';

/** Deletes a key result with its check-ins. */
export async function deleteKeyResult(deps: OkrsDeps, actor: Actor, id: number) {
  const ctx = await keyResultFor(deps.db, actor, id, 'delete');
  await deps.db.transaction(async (tx) => {
    await tx.delete(taskKeyResults).where(eq(taskKeyResults.keyResultId, ctx.keyResult.id));
    await tx.delete(keyResults).where(eq(keyResults.id, ctx.keyResult.id));
  });
  okrsChanged(deps, ctx.keyResult.workspaceId);
}
