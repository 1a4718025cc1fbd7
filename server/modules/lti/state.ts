import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { AppConfig } from '../../config';

/** Where the state cookie is sent: only to our LTI endpoints. */
export const STATE_COOKIE_PATH = '/api/v2/core/lti';
const STATE_TTL_SECONDS = 600;
const COOKIE_PREFIX = 'lti_state_';

function stateKey(config: AppConfig) {
  return createHash('sha256').update(`lti-state:${config.JWT_SECRET}`).digest();
}

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
  platformId: number,
  relaunch: Relaunch,
): Promise<{ state: string; nonce: string; cookie: string }> {
  const sid = randomBytes(12).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  const state = await new SignJWT({ nonce, pid: platformId, relaunch })
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(sid)
    .setIssuedAt()
    .setExpirationTime(`${STATE_TTL_SECONDS}s`)
    .sign(stateKey(config));
  const cookie = frameCookie(config, `${COOKIE_PREFIX}${sid}`, cookieValue(config, sid), {
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

function cookieValue(config: AppConfig, sid: string) {
  return createHash('sha256')
    .update(`${sid}:${config.JWT_SECRET}`)
    .digest('base64url')
    .slice(0, 32);
}

export function clearStateCookie(sid: string) {
  return `${COOKIE_PREFIX}${sid}=; Path=${STATE_COOKIE_PATH}; Max-Age=0; Secure; SameSite=None; Partitioned`;
}

export type StateCheck =
  | { ok: true; state: LaunchState }
  | { ok: false; reason: 'state_mismatch' | 'cookie_blocked'; relaunch?: Relaunch };

/** The state is ours, unexpired, and the browser posting it holds the cookie of its login. */
export async function checkState(
  config: AppConfig,
  raw: string | undefined,
  cookieHeader: string | undefined,
): Promise<StateCheck> {
  if (!raw) return { ok: false, reason: 'state_mismatch' };
  let payload;
  try {
    ({ payload } = await jwtVerify(raw, stateKey(config), { algorithms: ['HS256'] }));
  } catch {
    return { ok: false, reason: 'state_mismatch' };
  }
  const sid = String(payload.jti ?? '');
  const state: LaunchState = {
    sid,
    nonce: String(payload.nonce ?? ''),
    platformId: Number(payload.pid),
    relaunch: payload.relaunch as Relaunch,
  };
  const cookies = parseCookies(cookieHeader);
  const ours = Object.keys(cookies).filter((name) => name.startsWith(COOKIE_PREFIX));
  if (cookies[`${COOKIE_PREFIX}${sid}`] === cookieValue(config, sid)) return { ok: true, state };
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
