import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  hashMatches,
  MAX_SECRET_ATTEMPTS,
  newSplitToken,
  parseSplitToken,
  sha256,
  type SplitToken,
} from './split-token';
import type { DbOrTx } from '../db/client';
import { oneTimeTokens } from '../db/schema';

type Purpose = (typeof oneTimeTokens.$inferInsert)['purpose'];
export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

export const MINUTES = 60_000;

/** A link token (selector and verifier, see split-token); only the verifier's hash is stored. */
export async function createOneTimeToken(
  db: DbOrTx,
  purpose: Purpose,
  options: {
    userId?: number;
    email?: string;
    payload?: Record<string, unknown>;
    ttlMs: number;
    token?: SplitToken;
  },
): Promise<string> {
  const token = options.token ?? newSplitToken();
  await db.insert(oneTimeTokens).values({
    purpose,
    selector: token.selector,
    tokenHash: token.verifierHash,
    userId: options.userId,
    email: options.email,
    payload: options.payload ?? {},
    expiresAt: new Date(Date.now() + options.ttlMs),
  });
  return token.raw;
}

const live = () => and(isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date()));

/**
 * Counts one attempt against the live token a raw value names, then checks its verifier. The
 * count is its own statement on `db`, so it commits even when the caller's work is refused:
 * call this outside any transaction. After MAX_SECRET_ATTEMPTS tries the token is spent.
 * Returns the row only when the verifier is right; the attempt stays counted.
 */
export async function attemptOneTimeToken(
  db: DbOrTx,
  purpose: Purpose,
  raw: string,
): Promise<OneTimeToken | null> {
  const parts = parseSplitToken(raw);
  if (!parts) return null;
  const [row] = await db
    .update(oneTimeTokens)
    .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
    .where(
      and(
        eq(oneTimeTokens.purpose, purpose),
        eq(oneTimeTokens.selector, parts.selector),
        lt(oneTimeTokens.attempts, MAX_SECRET_ATTEMPTS),
        live(),
      ),
    )
    .returning();
  return row && hashMatches(parts.verifier, row.tokenHash) ? row : null;
}

/** Marks a token used; false when another request used it first. */
export async function useOneTimeToken(db: DbOrTx, id: number): Promise<boolean> {
  const used = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return used.length === 1;
}

/** The live token behind a raw value, without using it up (a right value gives its attempt back). */
export async function peekOneTimeToken(
  db: DbOrTx,
  purpose: Purpose,
  raw: string,
): Promise<OneTimeToken | null> {
  const row = await attemptOneTimeToken(db, purpose, raw);
  if (!row) return null;
  await db
    .update(oneTimeTokens)
    .set({ attempts: sql`greatest(${oneTimeTokens.attempts} - 1, 0)` })
    .where(eq(oneTimeTokens.id, row.id));
  return row;
}

/** Uses the token up; a second use, or a use after too many wrong tries, finds nothing. */
export async function consumeOneTimeToken(
  db: DbOrTx,
  purpose: Purpose,
  raw: string,
): Promise<OneTimeToken | null> {
  const row = await attemptOneTimeToken(db, purpose, raw);
  return row && (await useOneTimeToken(db, row.id)) ? row : null;
}

/** What a mailed code's hash covers: the code is only good for its purpose and address. */
const otpSubject = (purpose: string, email: string, code: string) => `${purpose}:${email}:${code}`;

/**
 * A six-digit code sent by mail; a new code replaces any earlier one for the same e-mail.
 * `code` is given when a mail job derives it again later (server/modules/auth/mails.ts).
 */
export async function createOtpCode(
  db: DbOrTx,
  email: string,
  purpose: string,
  ttlMs: number,
  code = String(randomInt(0, 1_000_000)).padStart(6, '0'),
): Promise<string> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.purpose, 'otp'), eq(oneTimeTokens.email, email), live()));
  await db.insert(oneTimeTokens).values({
    purpose: 'otp',
    tokenHash: sha256(otpSubject(purpose, email, code)),
    email,
    payload: { purpose },
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return code;
}

/**
 * Checks and uses up a mailed code. Like link tokens, every try is counted in its own write
 * before the comparison (call outside a transaction), and five tries spend the code.
 */
export async function consumeOtpCode(
  db: DbOrTx,
  email: string,
  purpose: string,
  code: string,
): Promise<boolean> {
  const [latest] = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.purpose, 'otp'), eq(oneTimeTokens.email, email), live()))
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  if (!latest) return false;
  const [row] = await db
    .update(oneTimeTokens)
    .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
    .where(
      and(eq(oneTimeTokens.id, latest.id), lt(oneTimeTokens.attempts, MAX_SECRET_ATTEMPTS), live()),
    )
    .returning();
  if (!row || !hashMatches(otpSubject(purpose, email, code), row.tokenHash)) return false;
  return useOneTimeToken(db, row.id);
}
