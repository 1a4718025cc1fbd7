import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { idempotentRequests } from '../db/schema';
import { refusal } from '../http/errors';

export type IdempotentKind = 'chat_message' | 'okr_check_in' | 'task_hand_in' | 'assessment_answer';

/**
 * A write sent under an `Idempotency-Key` (one per person's action, the same on its retries):
 * who sent it, the key, and what it asks, so a repeat is recognised and a reuse for something
 * else refused (docs/decisions/scale-out.md, "Retried writes").
 */
export interface Idempotency {
  userId: number;
  key: string;
  kind: IdempotentKind;
  /** sha256 of the kind and what the request asks (its target and body). */
  fingerprint: string;
}

/** How long a key is remembered: retries come within minutes; a day covers a client offline. */
const KEPT = sql`interval '1 day'`;

/** The idempotency of a write, or undefined when the client sent no key. */
export function idempotencyOf(
  userId: number,
  key: string | undefined,
  kind: IdempotentKind,
  asked: unknown,
): Idempotency | undefined {
  if (!key) return undefined;
  const fingerprint = createHash('sha256')
    .update(`${kind}:${JSON.stringify(asked)}`)
    .digest('hex');
  return { userId, key, kind, fingerprint };
}

/** The request an earlier call with this person's key made, if any (its fingerprint unchecked). */
export async function earlierRequest(db: DbOrTx, userId: number, key: string | undefined) {
  if (!key) return undefined;
  const [row] = await db
    .select()
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
  return row;
}

/** The id an earlier request made, when it asked the same; 422 when the key asked otherwise. */
export function sameRequest(
  earlier: typeof idempotentRequests.$inferSelect,
  idempotency: Idempotency,
): number {
  if (earlier.kind !== idempotency.kind || earlier.fingerprint !== idempotency.fingerprint) {
    throw refusal(422, 'idempotency_key_reused', 'common:errors.idempotency_key_reused');
  }
  return earlier.resultId;
}

/**
 * The id of what the first request with this key made, or undefined when there was none; a
 * 422 when that request asked something else (the key reused for another action).
 */
export async function earlierResult(
  db: DbOrTx,
  idempotency: Idempotency | undefined,
): Promise<number | undefined> {
  if (!idempotency) return undefined;
  const earlier = await earlierRequest(db, idempotency.userId, idempotency.key);
  return earlier && sameRequest(earlier, idempotency);
}

/**
 * Records what a keyed write made, in the write's own transaction (so both commit or neither).
 * A second request with the same key running at once waits here for the first and then fails
 * on the key: see `writeOnce`.
 */
export async function rememberResult(
  tx: DbOrTx,
  idempotency: Idempotency | undefined,
  resultId: number,
) {
  if (!idempotency) return;
  await tx.execute(
    sql`with ${rememberedAs(idempotency, sql`(select ${resultId}::integer as id)`)} select 1`,
  );
}

/**
 * Common table expressions that record a keyed write's result: `made` is a relation with an
 * `id` column (nothing is recorded when it is empty), so a write done in one statement takes
 * them into that statement. They also forget the person's keys older than a day.
 */
export function rememberedAs(idempotency: Idempotency, made: SQL) {
  const { userId, key, kind, fingerprint } = idempotency;
  return sql`forgotten as (
      delete from ${idempotentRequests}
      where user_id = ${userId} and created_at < now() - ${KEPT}
    ), remembered as (
      insert into ${idempotentRequests} (user_id, key, kind, fingerprint, result_id)
      select ${userId}, ${key}, ${kind}, ${fingerprint}, made.id from ${made} made
    )`;
}

/**
 * After a keyed write failed: the result of a request with the same key that committed while
 * it ran (it then failed on the key, or on what that request changed, e.g. "already submitted"),
 * or undefined when there is none and the failure stands.
 */
export async function resultOfRace(
  db: DbOrTx,
  idempotency: Idempotency | undefined,
  failure: unknown,
): Promise<number | undefined> {
  if (!idempotency) return undefined;
  try {
    return await earlierResult(db, idempotency);
  } catch {
    throw failure;
  }
}

/**
 * A keyed write done once: when the key was used, `replay` answers from the first request's
 * result without writing; otherwise `write` runs (and records its result in its transaction).
 * Two requests with one key at once: the later one's record waits for the earlier one's commit,
 * fails on the unique key (or on the change the earlier one made), its transaction rolls back,
 * and it answers the earlier result.
 */
export async function writeOnce<T>(
  db: DbOrTx,
  idempotency: Idempotency | undefined,
  write: () => Promise<T>,
  replay: (resultId: number) => Promise<T>,
): Promise<T> {
  const earlier = await earlierResult(db, idempotency);
  if (earlier !== undefined) return replay(earlier);
  try {
    return await write();
  } catch (error) {
    const first = await resultOfRace(db, idempotency, error);
    if (first === undefined) throw error;
    return replay(first);
  }
}
