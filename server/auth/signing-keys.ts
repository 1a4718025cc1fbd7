import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { desc, sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { signingSecrets } from '../db/schema';

/** Key id of a secret: the first bytes of its hash, in each token's header. */
export const keyIdOf = (secret: string) =>
  createHash('sha256').update(secret).digest('base64url').slice(0, 12);

export interface SigningKey {
  kid: string;
  secret: string;
  key: Promise<CryptoKey>;
}

/**
 * The access tokens' keys: the current one signs, it and the previous ones verify. From
 * JWT_SECRET (and JWT_SECRET_PREVIOUS) when set; otherwise from the database's
 * `signing_secrets`, generated there once by whichever process starts first, and read again
 * when a token names a key this process does not know yet (another process rotated).
 */
export interface SigningKeys {
  current(): SigningKey;
  /** The key a token's `kid` names, or every key when it names none (tokens from before). */
  candidates(kid: string | undefined): Promise<SigningKey[]>;
}

const importKey = (secret: string) =>
  crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );

function ring(secrets: string[]): SigningKey[] {
  return secrets.map((secret) => ({ kid: keyIdOf(secret), secret, key: importKey(secret) }));
}

/** Lock key for generating the first secret (pg_advisory_xact_lock). */
const SECRET_LOCK_KEY = 7_242_637_312;

/**
 * The secrets in the database, newest first, generating the first one when there is none. A
 * secret kept in DATA_DIR/jwt-secret by an earlier version is taken as that first one, so the
 * tokens it signed stay valid. Older secrets count only while a token they signed may still
 * be valid: until the token lifetime after their successor appeared.
 */
export async function secretsInDatabase(db: Database, config: AppConfig): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(SECRET_LOCK_KEY))})`);
    let rows = await tx
      .select()
      .from(signingSecrets)
      .orderBy(desc(signingSecrets.createdAt), desc(signingSecrets.id));
    if (rows.length === 0) {
      const file = path.join(config.DATA_DIR, 'jwt-secret');
      const secret = existsSync(file)
        ? readFileSync(file, 'utf8').trim()
        : randomBytes(48).toString('base64url');
      rows = await tx.insert(signingSecrets).values({ secret }).returning();
    }
    const lifetimeMs = config.ACCESS_TOKEN_TTL_DAYS * 86_400_000;
    return rows
      .filter(
        (row, index) =>
          index === 0 || rows[index - 1].createdAt.getTime() + lifetimeMs > Date.now(),
      )
      .map((row) => row.secret);
  });
}

/** A new signing secret: processes sign with it once they read it, the former still verifies. */
export async function rotateSigningSecret(db: Database): Promise<string> {
  const secret = randomBytes(48).toString('base64url');
  await db.insert(signingSecrets).values({ secret });
  return keyIdOf(secret);
}

/** How often at most a process reads the database's secrets again for an unknown key id. */
const RELOAD_MS = 5_000;

export async function signingKeysFor(db: Database, config: AppConfig): Promise<SigningKeys> {
  if (config.JWT_SECRET) {
    const keys = ring([config.JWT_SECRET, ...config.JWT_SECRET_PREVIOUS]);
    return {
      current: () => keys[0],
      candidates: async (kid) => {
        const named = keys.filter((k) => k.kid === kid);
        return named.length ? named : keys;
      },
    };
  }
  let keys = ring(await secretsInDatabase(db, config));
  // The first unknown key id reads the database at once, later ones at most every RELOAD_MS.
  let reloadedAt = 0;
  return {
    current: () => keys[0],
    async candidates(kid) {
      let named = keys.filter((k) => k.kid === kid);
      if (kid && named.length === 0 && Date.now() - reloadedAt > RELOAD_MS) {
        reloadedAt = Date.now();
        const secrets = await secretsInDatabase(db, config);
        // The newest secret in the database signs from now on here too.
        keys = ring(secrets);
        named = keys.filter((k) => k.kid === kid);
      }
      return named.length ? named : kid ? [] : keys;
    },
  };
}
