import type { z } from 'zod';
import type { checkInBody } from '@contracts/okrs';
import type { Actor } from '../../../core/actor';
import { idempotencyOf, rememberResult, writeOnce } from '../../../core/idempotency';
import { keyResultAnswers } from '../../../db/schema';
import { recompute } from '../check-ins';
import { keyResultFor } from '../load';
import { checkValue } from '../values';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';
import { freshKeyResult } from './fresh';

/**
 * A check-in on a key result: the new value, a status, a confidence and a note. Under an
 * idempotency key, a retry answers the key result without checking in twice.
 */
export async function checkInKeyResult(
  deps: OkrsDeps,
  actor: Actor,
  input: { id: number; idempotencyKey?: string } & z.output<typeof checkInBody>,
) {
  const ctx = await keyResultFor(deps.db, actor, input.id, 'check_in');
  checkValue(ctx.keyResult.kind, input.value);
  const { idempotencyKey: _key, ...asked } = input;
  const idempotency = idempotencyOf(actor.userId, input.idempotencyKey, 'okr_check_in', asked);
  const present = () => freshKeyResult(deps.db, ctx.access, ctx.keyResult.id);
  return writeOnce(
    deps.db,
    idempotency,
    async () => {
      await deps.db.transaction(async (tx) => {
        const [answer] = await tx
          .insert(keyResultAnswers)
          .values({
            keyResultId: ctx.keyResult.id,
            value: input.value,
            status: input.status,
            confidence: input.confidence ?? null,
            note: input.note || null,
            createdBy: ctx.access.userId,
          })
          .returning({ id: keyResultAnswers.id });
        await rememberResult(tx, idempotency, answer.id);
        await recompute(tx, ctx.keyResult);
      });
      okrsChanged(deps, ctx.keyResult.workspaceId);
      return present();
    },
    present,
  );
}
