import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { revokeAllSessions } from '../../auth/access-token';
import type { AppConfig } from '../../config';
import type { DbOrTx, Tx } from '../../db/client';
import {
  ltiContexts,
  ltiLaunches,
  ltiMembers,
  ltiPlatforms,
  sessions,
  userIdentities,
  users,
  workspaceMembers,
  type UserRow,
} from '../../db/schema';
import { conflict } from '../../http/errors';
import { RANK, sha256 } from './launch';
import { frameCookie, parseCookies } from './state';

/**
 * Linking a launch to an existing account (docs/decisions/lti.md, "Linking"): a launch that
 * made its account leaves a secret in an HttpOnly cookie of this browser; whoever then signs
 * in to another account in this browser, by that account's own means (password and second
 * factor), may move the platform identity to it. Nothing links without both.
 */
const LINK_COOKIE = 'lti_link';
export const LINK_COOKIE_PATH = '/api/v2/core/lti/link';
const LINK_TTL_MS = 30 * 60_000;

/** Keeps a secret on the launch and answers the cookie that carries it. */
export async function offerLink(config: AppConfig, tx: Tx, launchId: number) {
  const secret = randomBytes(24).toString('base64url');
  await tx
    .update(ltiLaunches)
    .set({ linkHash: sha256(secret) })
    .where(eq(ltiLaunches.id, launchId));
  return frameCookie(config, LINK_COOKIE, secret, {
    path: LINK_COOKIE_PATH,
    maxAgeSeconds: LINK_TTL_MS / 1000,
  });
}

export const clearLinkCookie = (config: AppConfig) =>
  frameCookie(config, LINK_COOKIE, '', { path: LINK_COOKIE_PATH, maxAgeSeconds: 0 });

/** The link this browser's cookie holds, while it is fresh and its platform active. */
export async function pendingLink(db: DbOrTx, cookieHeader: string | undefined) {
  const secret = parseCookies(cookieHeader)[LINK_COOKIE];
  if (!secret || secret.length > 200) return null;
  const [row] = await db
    .select({ launch: ltiLaunches, platform: ltiPlatforms, person: users })
    .from(ltiLaunches)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiLaunches.platformId))
    .innerJoin(users, eq(users.id, ltiLaunches.userId))
    .where(
      and(
        eq(ltiLaunches.linkHash, sha256(secret)),
        isNotNull(ltiLaunches.identityId),
        gt(ltiLaunches.usedAt, new Date(Date.now() - LINK_TTL_MS)),
        eq(ltiPlatforms.status, 'active'),
      ),
    );
  return row ?? null;
}
export type PendingLink = NonNullable<Awaited<ReturnType<typeof pendingLink>>>;

/**
 * Whether the caller signed in to their account themselves after the launch: a session begun
 * since then, by any sign-in but a launch (the password one asks for the second factor).
 */
export async function signedInSince(db: DbOrTx, sessionId: string, since: Date | null) {
  if (!since) return false;
  const [session] = await db
    .select({ via: sessions.via, createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return Boolean(session && session.via !== 'lti' && session.createdAt >= since);
}

/**
 * Moves the platform identity, and the course places the launch gave, from the account the
 * launch made to `target`; that account is left without a way in.
 */
export async function confirmLink(tx: Tx, link: PendingLink, target: Pick<UserRow, 'id'>) {
  const from = link.launch.userId;
  if (target.id === from) throw conflict('lti:messages.link_same_account');
  const [identity] = await tx
    .select()
    .from(userIdentities)
    .where(eq(userIdentities.id, link.launch.identityId!))
    .for('update');
  if (!identity || identity.userId !== from) throw conflict('lti:messages.link_gone');
  const [other] = await tx
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .where(
      and(eq(userIdentities.userId, target.id), eq(userIdentities.provider, identity.provider)),
    );
  if (other) throw conflict('lti:messages.link_already_linked');

  await tx
    .update(userIdentities)
    .set({ userId: target.id })
    .where(eq(userIdentities.id, identity.id));
  const places = await tx
    .select({ contextId: ltiContexts.id, workspaceId: ltiContexts.workspaceId })
    .from(ltiMembers)
    .innerJoin(ltiContexts, eq(ltiContexts.id, ltiMembers.contextId))
    .where(and(eq(ltiMembers.userId, from), eq(ltiContexts.platformId, link.platform.id)));
  for (const place of places) {
    const rows = await tx
      .select()
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, place.workspaceId),
          inArray(workspaceMembers.userId, [from, target.id]),
        ),
      );
    const made = rows.find((r) => r.userId === from);
    const theirs = rows.find((r) => r.userId === target.id);
    if (made && !theirs) {
      await tx
        .update(workspaceMembers)
        .set({ userId: target.id })
        .where(eq(workspaceMembers.id, made.id));
    } else if (made && theirs) {
      // As a launch does: only raise a role, never bring back a deactivated member.
      if (theirs.role !== 'deactive' && RANK[made.role] > RANK[theirs.role]) {
        await tx
          .update(workspaceMembers)
          .set({ role: made.role })
          .where(eq(workspaceMembers.id, theirs.id));
      }
      await tx.delete(workspaceMembers).where(eq(workspaceMembers.id, made.id));
    }
    const [already] = await tx
      .select({ id: ltiMembers.id })
      .from(ltiMembers)
      .where(and(eq(ltiMembers.contextId, place.contextId), eq(ltiMembers.userId, target.id)));
    const mine = and(eq(ltiMembers.contextId, place.contextId), eq(ltiMembers.userId, from));
    if (already) await tx.delete(ltiMembers).where(mine);
    else await tx.update(ltiMembers).set({ userId: target.id }).where(mine);
  }
  // The launch is the target's now (a deep-link selection continues), and links once.
  await tx
    .update(ltiLaunches)
    .set({ userId: target.id, linkHash: null, identityId: null })
    .where(eq(ltiLaunches.id, link.launch.id));
  if (link.launch.workspaceId) {
    await tx
      .update(users)
      .set({ lastActiveWorkspaceId: link.launch.workspaceId })
      .where(eq(users.id, target.id));
  }
  await revokeAllSessions(tx, from);
  return { workspaceId: link.launch.workspaceId };
}
