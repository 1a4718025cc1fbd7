import { randomUUID } from 'node:crypto';
import { desc, eq, gt, isNull, or } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { DbOrTx } from '../../db/client';
import { ltiKeys } from '../../db/schema';

/** A retired key stays in our JWKS this long, so tokens signed just before rotation verify. */
export const RETIRED_KEY_GRACE_MS = 7 * 86_400_000;
const ALG = 'RS256';

async function newKey(db: DbOrTx) {
  const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
  const [row] = await db.insert(ltiKeys).values({ kid, privateJwk, publicJwk }).returning();
  return row;
}

/** The key we sign with now: the newest one not retired (made on first use). */
export async function currentKey(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(ltiKeys)
    .where(isNull(ltiKeys.retiredAt))
    .orderBy(desc(ltiKeys.createdAt))
    .limit(1);
  return row ?? newKey(db);
}

/** Key rotation: a new current key; the previous one stays published for the grace period. */
export async function rotateKeys(db: DbOrTx) {
  await db.update(ltiKeys).set({ retiredAt: new Date() }).where(isNull(ltiKeys.retiredAt));
  return newKey(db);
}

/** Our public JWKS: the current key and the previous ones still in their grace period. */
export async function publicJwks(db: DbOrTx): Promise<{ keys: JWK[] }> {
  await currentKey(db);
  const rows = await db
    .select({ publicJwk: ltiKeys.publicJwk })
    .from(ltiKeys)
    .where(
      or(
        isNull(ltiKeys.retiredAt),
        gt(ltiKeys.retiredAt, new Date(Date.now() - RETIRED_KEY_GRACE_MS)),
      ),
    )
    .orderBy(desc(ltiKeys.createdAt));
  return { keys: rows.map((r) => r.publicJwk as JWK) };
}

/** Signs a JWT with our current key (client assertions, deep-linking responses). */
export async function signWithToolKey(
  db: DbOrTx,
  payload: JWTPayload,
  options: { expiresIn?: string } = {},
) {
  const key = await currentKey(db);
  const privateKey = await importJWK(key.privateJwk as JWK, ALG);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ALG, kid: key.kid, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '5m')
    .setJti(randomUUID())
    .sign(privateKey);
}

export async function keyByKid(db: DbOrTx, kid: string) {
  const [row] = await db.select().from(ltiKeys).where(eq(ltiKeys.kid, kid));
  return row ?? null;
}
