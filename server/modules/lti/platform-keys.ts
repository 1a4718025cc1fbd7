import {
  createLocalJWKSet,
  jwtVerify,
  errors as joseErrors,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyOptions,
} from 'jose';

/** How long a platform's JWKS is trusted before it is fetched again. */
const JWKS_TTL_MS = 10 * 60_000;
/** An unknown key id refetches at most this often per JWKS URL (a flood must not become one). */
const REFETCH_COOLDOWN_MS = 30_000;
const FETCH_TIMEOUT_MS = 5_000;

interface Cached {
  jwks: JSONWebKeySet;
  fetchedAt: number;
}

const cache = new Map<string, Cached>();
const lastRefetch = new Map<string, number>();

export class PlatformKeyError extends Error {
  constructor(readonly reason: 'jwks_unreachable' | 'unknown_kid') {
    super(reason);
  }
}

async function fetchJwks(url: string): Promise<Cached> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch {
    throw new PlatformKeyError('jwks_unreachable');
  }
  const body = (await response.json().catch(() => null)) as JSONWebKeySet | null;
  if (!response.ok || !body || !Array.isArray(body.keys)) {
    throw new PlatformKeyError('jwks_unreachable');
  }
  const entry = { jwks: body, fetchedAt: Date.now() };
  cache.set(url, entry);
  return entry;
}

/**
 * Verifies a platform's JWT against its JWKS: cached for a while, and fetched once more when
 * the token names a key id the cached set does not have (the platform rotated its keys).
 */
export async function verifyWithPlatformJwks(
  jwksUrl: string,
  token: string,
  options: JWTVerifyOptions,
): Promise<JWTPayload> {
  let entry = cache.get(jwksUrl);
  let fetchedNow = false;
  if (!entry || Date.now() - entry.fetchedAt > JWKS_TTL_MS) {
    entry = await fetchJwks(jwksUrl);
    fetchedNow = true;
  }
  try {
    return (await jwtVerify(token, createLocalJWKSet(entry.jwks), options)).payload;
  } catch (error) {
    if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
  }
  // An unknown key id: the platform may have rotated its keys, so fetch once more, unless
  // the set was fetched for this very token or a moment ago (a flood must not become one).
  const last = lastRefetch.get(jwksUrl) ?? 0;
  if (fetchedNow || Date.now() - last < REFETCH_COOLDOWN_MS) {
    throw new PlatformKeyError('unknown_kid');
  }
  lastRefetch.set(jwksUrl, Date.now());
  entry = await fetchJwks(jwksUrl);
  try {
    return (await jwtVerify(token, createLocalJWKSet(entry.jwks), options)).payload;
  } catch (error) {
    if (error instanceof joseErrors.JWKSNoMatchingKey) throw new PlatformKeyError('unknown_kid');
    throw error;
  }
}

/** Tests: forget every cached JWKS. */
export function forgetPlatformKeys() {
  cache.clear();
  lastRefetch.clear();
}
