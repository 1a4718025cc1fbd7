import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * One-time secrets sent by link (reset, verify, sign-in links, invitations, sign-in challenges)
 * are a selector followed by a verifier (16 + 43 base64url characters, one opaque word in a
 * URL): the selector finds the row without being secret enough to matter,
 * so a wrong verifier counts against that row's attempt budget; only the verifier's hash is
 * stored and it is compared in constant time.
 */
export const MAX_SECRET_ATTEMPTS = 5;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface SplitToken {
  raw: string;
  selector: string;
  verifierHash: string;
}

export function newSplitToken(): SplitToken {
  const selector = randomBytes(12).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  return { raw: `${selector}${verifier}`, selector, verifierHash: sha256(verifier) };
}

export function parseSplitToken(raw: string): { selector: string; verifier: string } | null {
  const match = /^([\w-]{16})([\w-]{43})$/.exec(raw);
  return match ? { selector: match[1], verifier: match[2] } : null;
}

/** Compares a candidate against a stored sha256 hex digest in constant time. */
export function hashMatches(candidate: string, storedHash: string): boolean {
  const given = Buffer.from(sha256(candidate), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * A split token whose verifier is derived from the selector with a server key, so a job can
 * rebuild the raw token from the (non-secret) selector alone: mail sent by a job then carries
 * no secret in its queue row, and a retried job sends the same link again.
 */
export function sealedSplitToken(
  key: Uint8Array,
  selector = randomBytes(12).toString('base64url'),
) {
  const verifier = createHmac('sha256', key).update(`sealed:${selector}`).digest('base64url');
  return { raw: `${selector}${verifier}`, selector, verifierHash: sha256(verifier) };
}
