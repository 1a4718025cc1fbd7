import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Third-party tokens at rest (calendar sync, Zoom): AES-256-GCM under a key derived from the
 * server's JWT_SECRET and a purpose, so a copy of the database alone gives no access to anyone's
 * accounts elsewhere, and a token sealed for one purpose does not open under another.
 */
const keyOf = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'teamloop', purpose, 32));

export function seal(secret: string, plain: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function unseal(secret: string, sealed: string, purpose: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
