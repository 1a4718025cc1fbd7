import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { RetiredKeyError, type SigningKeys } from '../auth/signing-keys';

/**
 * Third-party tokens at rest (calendar sync, Zoom): AES-256-GCM under a key derived from the
 * server's current signing key and a purpose, so a copy of the database alone gives no access
 * to anyone's accounts elsewhere, and a token sealed for one purpose does not open under
 * another. A sealed value names its key (`<key id>.<iv>.<tag>.<body>`), so it still opens after
 * a rotation; values sealed before key ids (`<iv>.<tag>.<body>`) are tried with every key.
 */
const keyOf = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'teamloop', purpose, 32));

export function seal(keys: SigningKeys, plain: string, purpose: string): string {
  const key = keys.current();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(key.secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
  return [key.kid, ...parts].join('.');
}

export interface Unsealed {
  plain: string;
  /** Sealed with a key other than the current one: seal it again, so that key can retire. */
  stale: boolean;
}

/** Opens a sealed value; throws RetiredKeyError when no key this server holds opens it. */
export async function unseal(
  keys: SigningKeys,
  sealed: string,
  purpose: string,
): Promise<Unsealed> {
  const parts = sealed.split('.');
  const kid = parts.length === 4 ? parts.shift() : undefined;
  const [iv, tag, body] = parts.map((part) => Buffer.from(part, 'base64url'));
  for (const key of await keys.candidates(kid)) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyOf(key.secret, purpose), iv);
      decipher.setAuthTag(tag);
      const plain = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      return { plain, stale: kid === undefined || key.kid !== keys.current().kid };
    } catch {
      // the next key, if any
    }
  }
  throw new RetiredKeyError(kid ?? 'of a value sealed before key ids');
}
