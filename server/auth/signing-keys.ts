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
 * The server's keys: the current one signs (access tokens, mailed links, sealed tokens), it and
 * the previous ones verify. From JWT_SECRET (and JWT_SECRET_PREVIOUS) when set; otherwise from
 * the database's `signing_secrets`, generated there once by whichever process starts first,
 * and read again when a value names a key this process does not know yet (another process
 * rotated) and at most every minute anyway, so every process soon signs with the newest.
 */
export interface SigningKeys {
  current(): SigningKey;
  /** The key a value's `kid` names, or every key when it names none (values from before). */
  candidates(kid: string | undefined): Promise<SigningKey[]>;
}

/** The longest a mailed signed link may live (signed-link.ts); a key verifies at least that long. */
export const SIGNED_LINK_MAX_TTL_MS = 180 * 86_400_000;

/**
 * How long a key keeps verifying after its successor appeared: as long as anything it signed
 * may still be valid (an access token, a mailed link). Sealed values have no end: they are
 * sealed again with the current key when used (server/core/seal.ts).
 */
export const keyLifetimeMs = (config: Pick<AppConfig, 'ACCESS_TOKEN_TTL_DAYS'>) =>
  Math.max(config.ACCESS_TOKEN_TTL_DAYS * 86_400_000, SIGNED_LINK_MAX_TTL_MS);

/** A secret for one purpose, derived from a key (mail tokens, webhook signatures). */
export const derivedSecret = (key: SigningKey, purpose: string) =>
  createHash('sha256').update(`${purpose}:${key.secret}`).digest();

/**
 * The key a value made earlier names (a queued mail, a sealed token): the current one when it
 * names none (made before key ids). Throws when the key is retired or unknown.
 */
export async function keyNamed(keys: SigningKeys, kid: string | undefined): Promise<SigningKey> {
  if (kid === undefined) return keys.current();
  const key = (await keys.candidates(kid)).find((k) => k.kid === kid);
  if (!key) throw new RetiredKeyError(kid);
  return key;
}

export class RetiredKeyError extends Error {
  constructor(kid: string) {
    super(`No signing key ${kid}: it was retired, or never was one of this server's`);
    this.name = 'RetiredKeyError';
  }
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
    const lifetimeMs = keyLifetimeMs(config);
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
/** How old the keys a process signs with may get before it reads them again (a rotation). */
const REFRESH_MS = 60_000;

/** Keys that never change while the process runs (JWT_SECRET and JWT_SECRET_PREVIOUS): newest first. */
export function fixedSigningKeys(secrets: string[]): SigningKeys {
  const keys = ring(secrets);
  return {
    current: () => keys[0],
    candidates: async (kid) => {
      const named = keys.filter((k) => k.kid === kid);
      return named.length ? named : keys;
    },
  };
}

export async function signingKeysFor(db: Database, config: AppConfig): Promise<SigningKeys> {
  if (config.JWT_SECRET)
    return fixedSigningKeys([config.JWT_SECRET, ...config.JWT_SECRET_PREVIOUS]);
  let keys = ring(await secretsInDatabase(db, config));
  let loadedAt = Date.now();
  // The first unknown key id reads the database at once, later ones at most every RELOAD_MS.
  let reloadedAt = 0;
  let refreshing: Promise<void> | undefined;
  const reload = async () => {
    const secrets = await secretsInDatabase(db, config);
    // The newest secret in the database signs from now on here too.
    keys = ring(secrets);
    loadedAt = Date.now();
  };
  return {
    current() {
      // Signing never waits: a rotation is picked up in the background, used from the next call.
      if (!refreshing && Date.now() - loadedAt > REFRESH_MS) {
        // A failed read (the database away) is tried again a minute later, not at every call.
        refreshing = reload()
          .catch(() => undefined)
          .finally(() => {
            refreshing = undefined;
            loadedAt = Date.now();
          });
      }
      return keys[0];
    },
    async candidates(kid) {
      let named = keys.filter((k) => k.kid === kid);
      if (kid && named.length === 0 && Date.now() - reloadedAt > RELOAD_MS) {
        reloadedAt = Date.now();
        await reload();
        named = keys.filter((k) => k.kid === kid);
      }
      return named.length ? named : kid ? [] : keys;
    },
  };
}
