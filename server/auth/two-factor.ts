import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { hashSecret, verifySecret } from './password';
import type { DbOrTx } from '../db/client';
import { users, type UserRow } from '../db/schema';

const ISSUER = 'Teamloop';
const RECOVERY_CODE_COUNT = 10;

export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
  qr_code: string;
}

export async function newTwoFactorSetup(email: string): Promise<TwoFactorSetup> {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
  return { secret, otpauth_url: otpauthUrl, qr_code: await QRCode.toDataURL(otpauthUrl) };
}

/**
 * Accepts a TOTP code for the user's secret (one 30 s step of clock drift either way) at most
 * once: the matching time step is recorded in its own write, and a step at or before the last
 * accepted one is refused, so a code seen over someone's shoulder cannot be replayed.
 */
export async function acceptTotp(
  db: DbOrTx,
  userId: number,
  secret: string | null,
  code: string,
): Promise<boolean> {
  if (!secret || !/^\d{6}$/.test(code)) return false;
  const result = await verify({ secret, token: code, epochTolerance: 30 });
  if (!result.valid || !('timeStep' in result)) return false;
  const accepted = await db
    .update(users)
    .set({ totpLastStep: result.timeStep })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, result.timeStep)),
      ),
    )
    .returning({ id: users.id });
  return accepted.length === 1;
}

/** Plain codes for the user to keep, and their hashes for us. */
export async function newRecoveryCodes(): Promise<{ plain: string[]; hashed: string[] }> {
  const plain = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  return { plain, hashed: await Promise.all(plain.map(hashSecret)) };
}

/**
 * Checks a second factor: a TOTP code, or one recovery code which is used up in the same
 * statement that checks it is still there (so two sign-ins cannot share one).
 */
export async function checkSecondFactor(db: DbOrTx, user: UserRow, code: string): Promise<boolean> {
  if (await acceptTotp(db, user.id, user.twoFactorSecret, code)) return true;
  const normalised = code.trim().toLowerCase();
  for (const stored of user.recoveryCodes) {
    if (await verifySecret(normalised, stored)) {
      const used = await db
        .update(users)
        .set({ recoveryCodes: sql`${users.recoveryCodes} - ${stored}::text` })
        .where(
          and(
            eq(users.id, user.id),
            sql`${users.recoveryCodes} @> jsonb_build_array(${stored}::text)`,
          ),
        )
        .returning({ id: users.id });
      return used.length === 1;
    }
  }
  return false;
}
