import { createHash, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { signDerivedJwt, verifyDerivedJwt } from '../../auth/derived-jwt';
import type { SigningKey, SigningKeys } from '../../auth/signing-keys';
import type { AppConfig } from '../../config';

/** Where the state cookie is sent: only to our LTI endpoints. */
export const STATE_COOKIE_PATH = '/api/v2/core/lti';
const STATE_TTL_SECONDS = 600;
const COOKIE_PREFIX = 'lti_state_';

/** What the state's secret is derived for from the signing key (signing-keys.ts). */
const STATE_PURPOSE = 'lti-state';

/** What the launch needs to redo the login in a window of its own (blocked cookie). */
export interface Relaunch {
  iss: string;
  login_hint: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  client_id?: string;
  lti_deployment_id?: string;
}

export interface LaunchState {
  /** Also the cookie's name suffix: the browser that began the login holds it. */
  sid: string;
  nonce: string;
  platformId: number;
  relaunch: Relaunch;
}

export async function newState(
  config: AppConfig,
  keys: SigningKeys,
  platformId: number,
  relaunch: Relaunch,
): Promise<{ state: string; nonce: string; cookie: string }> {
  const sid = randomBytes(12).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  const state = await signDerivedJwt(
    keys,
    STATE_PURPOSE,
    new SignJWT({ nonce, pid: platformId, relaunch })
      .setJti(sid)
      .setIssuedAt()
      .setExpirationTime(`${STATE_TTL_SECONDS}s`),
  );
  const cookie = frameCookie(config, `${COOKIE_PREFIX}${sid}`, cookieValue(keys.current(), sid), {
    path: STATE_COOKIE_PATH,
    maxAgeSeconds: STATE_TTL_SECONDS,
  });
  return { state, nonce, cookie };
}

/**
 * A cookie of ours inside the platform's iframe: SameSite=None so it comes back on the
 * platform's cross-site form post, Partitioned (CHIPS) so browsers that partition third-party
 * cookies still keep it in the iframe.
 */
export function frameCookie(
  config: AppConfig,
  name: string,
  value: string,
  { path, maxAgeSeconds }: { path: string; maxAgeSeconds: number },
) {
  const secure = config.APP_URL.startsWith('https:') || config.NODE_ENV !== 'production';
  return [
    `${name}=${value}`,
    `Path=${path}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    ...(secure ? ['Secure', 'SameSite=None', 'Partitioned'] : ['SameSite=Lax']),
  ].join('; ');
}

/** The state cookie's value: bound to the state's login and the key that signed the state. */
function cookieValue(key: SigningKey, sid: string) {
  return createHash('sha256').update(`${sid}:${key.secret}`).digest('base64url').slice(0, 32);
}

export function clearStateCookie(sid: string) {
  return `${COOKIE_PREFIX}${sid}=; Path=${STATE_COOKIE_PATH}; Max-Age=0; Secure; SameSite=None; Partitioned`;
}

export type StateCheck =
  | { ok: true; state: LaunchState }
  | { ok: false; reason: 'state_mismatch' | 'cookie_blocked'; relaunch?: Relaunch };

/** The state is ours, unexpired, and the browser posting it holds the cookie of its login. */
export async function checkState(
  keys: SigningKeys,
  raw: string | undefined,
  cookieHeader: string | undefined,
): Promise<StateCheck> {
  if (!raw) return { ok: false, reason: 'state_mismatch' };
  const verified = await verifyDerivedJwt(keys, STATE_PURPOSE, raw);
  if (!verified) return { ok: false, reason: 'state_mismatch' };
  const { payload, key } = verified;
  const sid = String(payload.jti ?? '');
  const state: LaunchState = {
    sid,
    nonce: String(payload.nonce ?? ''),
    platformId: Number(payload.pid),
    relaunch: payload.relaunch as Relaunch,
  };
  const cookies = parseCookies(cookieHeader);
  const ours = Object.keys(cookies).filter((name) => name.startsWith(COOKIE_PREFIX));
  if (cookies[`${COOKIE_PREFIX}${sid}`] === cookieValue(key, sid)) return { ok: true, state };
  // No state cookie at all: the browser did not keep it (third-party cookies blocked).
  if (ours.length === 0) return { ok: false, reason: 'cookie_blocked', relaunch: state.relaunch };
  return { ok: false, reason: 'state_mismatch' };
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index < 1) continue;
    out[part.slice(0, index).trim()] = part.slice(index + 1).trim();
  }
  return out;
}
