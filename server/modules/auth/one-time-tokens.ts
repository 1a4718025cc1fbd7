import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';

type Purpose = (typeof oneTimeTokens.$inferInsert)['purpose'];
export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

export const MINUTES = 60_000;
const MAX_CODE_ATTEMPTS = 5;

/** A random link token (or a given one, e.g. an OIDC state); only its hash is stored. */
export async function createOneTimeToken(
  db: DbOrTx,
  purpose: Purpose,
  options: {
    userId?: number;
    email?: string;
    payload?: Record<string, unknown>;
    ttlMs: number;
    raw?: string;
  },
): Promise<string> {
  const raw = options.raw ?? randomBytes(32).toString('base64url');
  await db.insert(oneTimeTokens).values({
    purpose,
    tokenHash: hash(raw),
    userId: options.userId,
    email: options.email,
    payload: options.payload ?? {},
    expiresAt: new Date(Date.now() + options.ttlMs),
  });
  return raw;
}

/** The live token behind a raw value, without using it up. */
export async function findOneTimeToken(
  db: DbOrTx,
  purpose: Purpose,
  raw: string,
): Promise<OneTimeToken | null> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.purpose, purpose),
        eq(oneTimeTokens.tokenHash, hash(raw)),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Uses the token up; a second use of the same value finds nothing. */
export async function consumeOneTimeToken(
  db: DbOrTx,
  purpose: Purpose,
  raw: string,
): Promise<OneTimeToken | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.purpose, purpose),
        eq(oneTimeTokens.tokenHash, hash(raw)),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/** A six-digit code sent by mail; a new code replaces any earlier one for the same e-mail. */
export async function createOtpCode(
  db: DbOrTx,
  email: string,
  purpose: string,
  ttlMs: number,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.purpose, 'otp'),
        eq(oneTimeTokens.email, email),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  await db.insert(oneTimeTokens).values({
    purpose: 'otp',
    tokenHash: hash(`${purpose}:${email}:${code}`),
    email,
    payload: { purpose },
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return code;
}

/** Checks a mailed code; five wrong tries burn it. */
export async function consumeOtpCode(
  db: DbOrTx,
  email: string,
  purpose: string,
  code: string,
): Promise<boolean> {
  const [live] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.purpose, 'otp'),
        eq(oneTimeTokens.email, email),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  if (!live) return false;
  if (live.tokenHash === hash(`${purpose}:${email}:${code}`)) {
    await db.update(oneTimeTokens).set({ usedAt: new Date() }).where(eq(oneTimeTokens.id, live.id));
    return true;
  }
  await db
    .update(oneTimeTokens)
    .set({
      attempts: sql`${oneTimeTokens.attempts} + 1`,
      usedAt: live.attempts + 1 >= MAX_CODE_ATTEMPTS ? new Date() : null,
    })
    .where(eq(oneTimeTokens.id, live.id));
  return false;
}
