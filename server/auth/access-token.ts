import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { AppDeps, Auth, SessionExtra } from '../context';
import type { Database, DbOrTx } from '../db/client';
import { accountInUse } from '../core/people';
import { accessColumns, withAccessRow } from '../core/workspace-access';
import { rowAsJson } from '../db/json-row';
import { preparedOnce } from '../db/prepared';
import { sessions, users, type UserRow } from '../db/schema';
import { verifyWithKeys } from './derived-jwt';

const ISSUER = 'teamloop';

export type SessionOrigin =
  'password' | 'two_factor' | 'oidc' | 'teams_sso' | 'otp' | 'lti' | 'join';

/** Every token is a session row, so sign-out and deactivation can revoke it. */
export async function issueAccessToken(
  deps: AppDeps,
  db: DbOrTx,
  user: UserRow,
  via: SessionOrigin,
  client: { userAgent?: string; ip?: string } = {},
): Promise<string> {
  const sessionId = randomUUID();
  const ttlSeconds = deps.config.ACCESS_TOKEN_TTL_DAYS * 86_400;
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db.insert(sessions).values({
    id: sessionId,
    userId: user.id,
    via,
    userAgent: client.userAgent?.slice(0, 500),
    ip: client.ip,
    expiresAt,
  });
  const signing = deps.signingKeys.current();
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', kid: signing.kid })
    .setIssuer(ISSUER)
    .setSubject(String(user.id))
    .setJti(sessionId)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(await signing.key);
}

/**
 * The user and session behind a token, or null when it is invalid, expired or revoked; in the
 * same query, with `extra` that value about the person, and with `workspaceId` their access to
 * that workspace (`workspaceNamedBy`).
 */
export async function resolveAccessToken(
  deps: AppDeps,
  token: string,
  options: { extra?: SessionExtra; workspaceId?: number } = {},
): Promise<(Auth & { user: UserRow }) | null> {
  const claims = await verifiedClaims(deps, token);
  if (!claims) return null;
  const { sessionId, userId } = claims;
  const { extra, workspaceId } = options;
  const withWorkspace = workspaceId !== undefined;
  const [row] = await sessionLookup(deps.db, extra, withWorkspace).execute({
    sessionId,
    userId,
    workspaceId,
  });
  if (!row) return null;
  return {
    user: row.user,
    sessionId,
    ...(extra && { extra: row.extra }),
    ...(withWorkspace && {
      workspace: {
        workspaceId,
        workspace: row.workspace ?? null,
        role: row.role ?? null,
        changes: row.changes ?? 0,
      },
    }),
  };
}

interface Claims {
  sessionId: string;
  userId: number;
  expiresAt: number;
}

/** How many verified tokens are remembered per secret. */
const VERIFIED_TOKENS = 10_000;
const verifiedTokens = new WeakMap<object, Map<string, Claims>>();

/**
 * The claims of a token whose signature is valid, until it expires. A token verified once is
 * not verified again (the signature of the same text cannot change): verifying it through
 * WebCrypto was 7 % of the CPU of a signed-in read (profiled). Revocation is the session row's.
 */
async function verifiedClaims(deps: AppDeps, token: string): Promise<Claims | null> {
  let verified = verifiedTokens.get(deps.signingKeys);
  if (!verified) verifiedTokens.set(deps.signingKeys, (verified = new Map()));
  let claims = verified.get(token);
  if (!claims) {
    try {
      // Signed by the current key, or a previous one after a rotation: its tokens stay valid
      // until they expire.
      const verifiedToken = await verifyWithKeys(deps.signingKeys, token, (key) => key.key, {
        issuer: ISSUER,
      });
      if (!verifiedToken) return null;
      const { payload } = verifiedToken;
      if (!payload.jti || !payload.sub) return null;
      claims = {
        sessionId: payload.jti,
        userId: Number(payload.sub),
        expiresAt: (payload.exp ?? Infinity) * 1000,
      };
    } catch {
      return null;
    }
    if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  }
  return claims.expiresAt > Date.now() ? claims : null;
}

/**
 * The session lookup every signed-in request runs, built once per database and `extra`:
 * PostgreSQL then parses and plans it once per connection, not at every request.
 */
const sessionLookup = (db: Database, extra: SessionExtra | undefined, withWorkspace: boolean) =>
  preparedOnce(db, `session_lookup:${extra?.shape ?? ''}:${withWorkspace}`, (name) => {
    const userId = sql.placeholder('userId');
    const query = db
      .select({
        user: rowAsJson(users),
        extra: extra ? sql<unknown>`(${extra.sql(userId)})` : sql<null>`null`,
        ...(withWorkspace
          ? accessColumns
          : { workspace: sql<null>`null`, role: sql<null>`null`, changes: sql<null>`null` }),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .$dynamic();
    return (withWorkspace ? withAccessRow(query, sql.placeholder('workspaceId'), userId) : query)
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, userId),
          sessionStillOpen(),
        ),
      )
      .limit(1)
      .prepare(name);
  });

/**
 * What keeps a session open, over `sessions` joined with its `users` row. Deactivation revokes
 * every session too; the account's own mark is checked as well, so no path that forgot to
 * revoke leaves a deactivated account signed in.
 */
const sessionStillOpen = () =>
  and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), accountInUse())!;

/**
 * True while a session is open, as resolveAccessToken checks it: for a query that acts for a
 * socket signed in earlier, so a revoked session stops there in the same round trip.
 */
export function sessionIsOpen(sessionId: string, userId: number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
    where ${sessions.id} = ${sessionId} and ${sessions.userId} = ${userId} and ${sessionStillOpen()})`;
}

/**
 * The person behind a session that is still open, as they are now (their role may have
 * changed since the socket connected), or null once it ended: a socket checks it at every join.
 */
export async function openSessionUser(
  db: DbOrTx,
  sessionId: string,
  userId: number,
): Promise<Pick<UserRow, 'id' | 'role'> | null> {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), sessionStillOpen()))
    .limit(1);
  return row ?? null;
}

/** Which of these sessions are still open (the rest ended: signed out, revoked, expired). */
export async function openSessionIds(db: DbOrTx, sessionIds: readonly string[]) {
  const open = new Set<string>();
  // Bounded batches: one statement carries at most this many parameters.
  for (let from = 0; from < sessionIds.length; from += 1000) {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.id, sessionIds.slice(from, from + 1000)), sessionStillOpen()));
    for (const row of rows) open.add(row.id);
  }
  return open;
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: DbOrTx, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
