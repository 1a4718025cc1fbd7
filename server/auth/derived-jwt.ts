import {
  decodeProtectedHeader,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyOptions,
  type SignJWT,
} from 'jose';
import { derivedSecret, type SigningKey, type SigningKeys } from './signing-keys';

/**
 * Short JWTs for one purpose (an LTI login's state, a registration link), signed with a secret
 * derived from the current signing key and naming it (`kid`), so they verify on every process
 * and after a rotation while that key does.
 */
export function signDerivedJwt(keys: SigningKeys, purpose: string, jwt: SignJWT) {
  const key = keys.current();
  return jwt.setProtectedHeader({ alg: 'HS256', kid: key.kid }).sign(derivedSecret(key, purpose));
}

/** The payload and the key of a JWT signed for this purpose, or null; no `kid`: every key. */
export async function verifyDerivedJwt(
  keys: SigningKeys,
  purpose: string,
  token: string,
): Promise<{ payload: JWTPayload; key: SigningKey } | null> {
  return verifyWithKeys(keys, token, (key) => derivedSecret(key, purpose));
}

/**
 * The payload and the key of an HS256 JWT signed by one of the keys (the one its `kid` names;
 * no `kid`: every key), or null; `secretOf` is what a key signs with.
 */
export async function verifyWithKeys(
  keys: SigningKeys,
  token: string,
  secretOf: (key: SigningKey) => Uint8Array | Promise<CryptoKey>,
  options: JWTVerifyOptions = {},
): Promise<{ payload: JWTPayload; key: SigningKey } | null> {
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    kid = typeof header.kid === 'string' ? header.kid : undefined;
  } catch {
    return null;
  }
  for (const key of await keys.candidates(kid)) {
    try {
      const { payload } = await jwtVerify(token, await secretOf(key), {
        ...options,
        algorithms: ['HS256'],
      });
      return { payload, key };
    } catch {
      // the next key, if any
    }
  }
  return null;
}
