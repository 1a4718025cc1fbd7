import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { keyResultAnswers } from '../../../db/schema';
import { recompute } from '../check-ins';
import { checkInOf } from './check-in-of';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';
import { freshKeyResult } from './fresh';

/** Removes a check-in; the key result and its history follow. */
export async function deleteCheckIn(
  deps: OkrsDeps,
  actor: Actor,
  input: { id: number; report: number },
) {
  const { ctx, answer } = await checkInOf(deps.db, actor, input.id, input.report);
  await deps.db.transaction(async (tx) => {
    await tx.delete(keyResultAnswers).where(eq(keyResultAnswers.id, answer.id));
    await recompute(tx, ctx.keyResult);
  });
  okrsChanged(deps, ctx.keyResult.workspaceId);
  return freshKeyResult(deps.db, ctx.access, ctx.keyResult.id);
}
