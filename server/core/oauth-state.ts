import { createHash, randomBytes } from 'node:crypto';

/** How long a consent may take between our login route and the provider's redirect back. */
const STATE_TTL_MS = 10 * 60_000;

/** How a one-time OAuth `state` is kept: only its hash is stored. */
export const oauthStateHash = (state: string) => createHash('sha256').update(state).digest('hex');

/** A new one-time OAuth `state` for the browser to carry, with its stored hash and expiry. */
export function newOauthState() {
  const state = randomBytes(32).toString('base64url');
  return {
    state,
    stateHash: oauthStateHash(state),
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  };
}
