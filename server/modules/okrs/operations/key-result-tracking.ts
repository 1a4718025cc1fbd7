import { asc, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { keyResultAnswers } from '../../../db/schema';
import { keyResultAbilitiesOf, loadKeyResult, viewerOf } from '../load';
import { presentAnswers } from '../present';
import type { OkrsDeps } from './deps';
import { freshKeyResult } from './fresh';

/** A key result's progress history: every check-in, oldest first. */
export async function keyResultTracking(deps: Pick<OkrsDeps, 'db'>, actor: Actor, id: number) {
  const { db } = deps;
  const ctx = await loadKeyResult(db, actor, id);
  const answers = await db
    .select()
    .from(keyResultAnswers)
    .where(eq(keyResultAnswers.keyResultId, ctx.keyResult.id))
    .orderBy(asc(keyResultAnswers.createdAt), asc(keyResultAnswers.id));
  const abilities = keyResultAbilitiesOf(ctx);
  return {
    key_result: await freshKeyResult(db, ctx.access, ctx.keyResult.id),
    tracking: await presentAnswers(db, ctx.keyResult, answers, abilities, viewerOf(ctx.access)),
  };
}
