import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateCheckInBody } from '@contracts/okrs';
import type { Actor } from '../../../core/actor';
import { keyResultAnswers } from '../../../db/schema';
import { recompute } from '../check-ins';
import { checkValue } from '../values';
import { checkInOf } from './check-in-of';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';
import { freshKeyResult } from './fresh';

/** Corrects a check-in; the key result and its history follow. */
export async function updateCheckIn(
  deps: OkrsDeps,
  actor: Actor,
  input: { id: number; report: number } & z.output<typeof updateCheckInBody>,
) {
  const { ctx, answer } = await checkInOf(deps.db, actor, input.id, input.report);
  if (input.value !== undefined) checkValue(ctx.keyResult.kind, input.value);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(keyResultAnswers)
      .set({
        value: input.value ?? answer.value,
        status: input.status ?? answer.status,
        confidence: input.confidence === undefined ? answer.confidence : input.confidence,
        note: input.note === undefined ? answer.note : input.note || null,
      })
      .where(eq(keyResultAnswers.id, answer.id));
    await recompute(tx, ctx.keyResult);
  });
  okrsChanged(deps, ctx.keyResult.workspaceId);
  return freshKeyResult(deps.db, ctx.access, ctx.keyResult.id);
}
