import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A long-lived link token signed with the server's secret: `<user id>.<expiry>.<signature>`,
 * for pages a person opens from a mail without signing in, where the link is used again and
 * again (notification settings). It grants only the one purpose it was made for; a one-time
 * token (one-time-tokens.ts) would be spent after its first use or after a few attempts.
 */
export function signLinkToken(
  secret: string,
  purpose: string,
  userId: number,
  ttlMs: number,
  now = Date.now(),
): string {
  const expires = Math.floor((now + ttlMs) / 1000);
  const body = `${userId}.${expires}`;
  return `${body}.${signature(secret, purpose, body)}`;
}

/** The user id a signed link token names, or null when it is forged, malformed or expired. */
export function verifyLinkToken(
  secret: string,
  purpose: string,
  token: string,
  now = Date.now(),
): number | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, user, expires, given] = match;
  const expected = Buffer.from(signature(secret, purpose, `${user}.${expires}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (Number(expires) * 1000 < now) return null;
  const userId = Number(user);
  return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
}

function signature(secret: string, purpose: string, body: string) {
  return createHmac('sha256', secret).update(`${purpose}:${body}`).digest('base64url');
}
