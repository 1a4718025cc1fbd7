import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import type { DbOrTx } from '../../../db/client';
import { keyResultAnswers } from '../../../db/schema';
import { forbidden, notFound } from '../../../http/errors';
import { keyResultAbilitiesOf, loadKeyResult, viewerOf } from '../load';
import { presentAnswers } from '../present';
/** A check-in of this key result that the actor may change (403 otherwise). */
export async function checkInOf(db: DbOrTx, actor: Actor, id: number, report: number) {
  const ctx = await loadKeyResult(db, actor, id, true);
  const [answer] = await db
    .select()
    .from(keyResultAnswers)
    .where(and(eq(keyResultAnswers.id, report), eq(keyResultAnswers.keyResultId, id)));
  if (!answer) throw notFound('okrs:messages.answer_not_found');
  const [shown] = await presentAnswers(
    db,
    ctx.keyResult,
    [answer],
    keyResultAbilitiesOf(ctx),
    viewerOf(ctx.access),
  );
  if (!shown.abilities.update) throw forbidden();
  return { ctx, answer };
}
