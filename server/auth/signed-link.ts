import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_LINK_MAX_TTL_MS, type SigningKey, type SigningKeys } from './signing-keys';

/**
 * A long-lived link token signed with the server's current key:
 * `<user id>.<expiry>.<key id>.<signature>`, for pages a person opens from a mail without
 * signing in, where the link is used again and again (notification settings). It grants only
 * the one purpose it was made for; a one-time token (one-time-tokens.ts) would be spent after
 * its first use or after a few attempts. The key id lets a link outlive a rotation: it is
 * checked with the key it names while that key verifies (signing-keys.ts, keyLifetimeMs).
 */
export function signLinkToken(
  key: SigningKey,
  purpose: string,
  userId: number,
  ttlMs: number,
  now = Date.now(),
): string {
  if (ttlMs > SIGNED_LINK_MAX_TTL_MS) throw new Error('A signed link outlives its signing key');
  const expires = Math.floor((now + ttlMs) / 1000);
  const body = `${userId}.${expires}`;
  return `${body}.${key.kid}.${signature(key.secret, purpose, body)}`;
}

/**
 * The user id a signed link token names, or null when it is forged, malformed, expired or
 * signed with a retired key. Links from before key ids (no key id) are tried with every key.
 */
export async function verifyLinkToken(
  keys: SigningKeys,
  purpose: string,
  token: string,
  now = Date.now(),
): Promise<number | null> {
  const match = /^(\d{1,10})\.(\d{1,12})\.(?:([\w-]{12})\.)?([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, user, expires, kid, given] = match;
  if (Number(expires) * 1000 < now) return null;
  const actual = Buffer.from(given);
  const signedBy = (await keys.candidates(kid)).some((key) => {
    const expected = Buffer.from(signature(key.secret, purpose, `${user}.${expires}`));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
  if (!signedBy) return null;
  const userId = Number(user);
  return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
}

function signature(secret: string, purpose: string, body: string) {
  return createHmac('sha256', secret).update(`${purpose}:${body}`).digest('base64url');
}
