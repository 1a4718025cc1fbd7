import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { hashSecret, verifySecret } from '../../auth/password';
import type { UserRow } from '../../db/schema';

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

/** A TOTP code for the secret, allowing one 30 s step of clock drift either way. */
export async function totpMatches(secret: string | null, code: string): Promise<boolean> {
  if (!secret || !/^\d{6}$/.test(code)) return false;
  const result = await verify({ secret, token: code, epochTolerance: 30 });
  return result.valid;
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
 * Checks a second factor: a TOTP code, or one recovery code which is then used up.
 * Returns the recovery codes left when one was used, so the caller can store them.
 */
export async function checkSecondFactor(
  user: UserRow,
  code: string,
): Promise<{ valid: boolean; remainingRecoveryCodes?: string[] }> {
  if (await totpMatches(user.twoFactorSecret, code)) return { valid: true };
  const normalised = code.trim().toLowerCase();
  for (const [index, stored] of user.recoveryCodes.entries()) {
    if (await verifySecret(normalised, stored)) {
      return {
        valid: true,
        remainingRecoveryCodes: user.recoveryCodes.filter((_, i) => i !== index),
      };
    }
  }
  return { valid: false };
}
