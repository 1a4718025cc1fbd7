import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { decodeJwt, errors as joseErrors, type JWTPayload } from 'jose';
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import {
  ltiContexts,
  ltiLaunches,
  ltiMembers,
  ltiNonces,
  ltiPlatforms,
  users,
  workspaceInvitations,
  workspaceMembers,
  type LtiPlatformRow,
  type WorkspaceRole,
} from '../../db/schema';
import { findOrCreateExternalUser } from '../auth';
import { createWorkspace } from '../workspaces';
import { CLAIM, isApproved, MESSAGE, roleKind, workspaceRoleFor, type LtiRoleKind } from './claims';
import { LaunchError } from './pages';
import { PlatformKeyError, verifyWithPlatformJwks } from './platform-keys';
import { rosterOnLaunch } from './roster';
import type { LaunchState } from './state';
import { invitationsOpenIn } from '../../core/workspace-ids';

/** Clock difference we forgive between the platform and us. */
export const CLOCK_SKEW_SECONDS = 60;
/** How long the page /lti/process/:plugin has to finish a launch. */
const LAUNCH_HANDLE_TTL_MS = 5 * 60_000;

/**
 * Where a registration's people are keyed: an approved one by issuer and subject
 * (`lti:<issuer>`, shared by the approved registrations of one platform), and it still finds
 * the people it keyed before its approval; an unapproved one by its own id alone, so it never
 * reaches the people of another registration that claims the same issuer.
 */
export function identityKeys(platform: LtiPlatformRow) {
  const own = `lti-platform:${platform.id}`;
  return isApproved(platform)
    ? { provider: `lti:${platform.issuer}`, formerProviders: [own] }
    : { provider: own, formerProviders: [] };
}
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

type Claims = JWTPayload & Record<string, unknown>;

/** The platform registration an id_token claims to come from (issuer and our client id). */
export async function platformFor(deps: AppDeps, idToken: string): Promise<LtiPlatformRow> {
  let claims: JWTPayload;
  try {
    claims = decodeJwt(idToken);
  } catch {
    throw new LaunchError('invalid_token');
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : claims.aud ? [claims.aud] : [];
  if (!claims.iss) throw new LaunchError('invalid_token');
  const candidates = await deps.db
    .select()
    .from(ltiPlatforms)
    .where(and(eq(ltiPlatforms.issuer, claims.iss), eq(ltiPlatforms.status, 'active')));
  if (candidates.length === 0) {
    throw new LaunchError('unknown_issuer', 400, { issuer: claims.iss });
  }
  const match = candidates.find((p) => audiences.includes(p.clientId));
  // The issuer is known but we are not among the audiences: not a token for us.
  if (!match) throw new LaunchError('invalid_token', 401);
  return match;
}

/** Checks the id_token in full (LTI Core 1.3 section 5.1.3) and returns its claims. */
export async function validateIdToken(
  platform: LtiPlatformRow,
  idToken: string,
  state: LaunchState,
): Promise<Claims> {
  if (state.platformId !== platform.id) throw new LaunchError('state_mismatch');
  let claims: Claims;
  try {
    claims = (await verifyWithPlatformJwks(platform.jwksUrl, idToken, {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'PS256'],
      clockTolerance: CLOCK_SKEW_SECONDS,
      requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
    })) as Claims;
  } catch (error) {
    if (error instanceof PlatformKeyError) {
      throw new LaunchError(
        error.reason === 'unknown_kid' ? 'unknown_key' : 'platform_unreachable',
        error.reason === 'unknown_kid' ? 401 : 502,
      );
    }
    if (error instanceof joseErrors.JWTExpired) throw new LaunchError('clock_skew', 401);
    if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'iat') {
      throw new LaunchError('clock_skew', 401);
    }
    throw new LaunchError('invalid_token', 401);
  }
  // jose accepts a token issued in the future; we forgive only the skew.
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.iat !== 'number' || claims.iat > now + CLOCK_SKEW_SECONDS) {
    throw new LaunchError('clock_skew', 401);
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (audiences.length > 1 && claims.azp !== platform.clientId) {
    throw new LaunchError('invalid_token', 401);
  }
  if (claims.azp !== undefined && claims.azp !== platform.clientId) {
    throw new LaunchError('invalid_token', 401);
  }
  if (claims.nonce !== state.nonce) throw new LaunchError('state_mismatch');
  const deploymentId = claims[CLAIM.deploymentId];
  if (typeof deploymentId !== 'string' || !platform.deploymentIds.includes(deploymentId)) {
    throw new LaunchError('unknown_deployment', 400, {
      deployment: typeof deploymentId === 'string' ? deploymentId : '',
    });
  }
  const type = claims[CLAIM.messageType];
  if (type !== MESSAGE.resourceLink && type !== MESSAGE.deepLinkingRequest) {
    throw new LaunchError('unsupported_message', 400, { type: String(type ?? '') });
  }
  if (claims[CLAIM.version] !== '1.3.0') {
    throw new LaunchError('unsupported_message', 400, { type: `version ${claims[CLAIM.version]}` });
  }
  if (type === MESSAGE.resourceLink) {
    const link = claims[CLAIM.resourceLink] as { id?: unknown } | undefined;
    if (!link || typeof link.id !== 'string') throw new LaunchError('invalid_token', 401);
  }
  if (typeof claims.sub !== 'string' || claims.sub.length === 0 || claims.sub.length > 255) {
    throw new LaunchError('invalid_token', 401);
  }
  return claims;
}

export const RANK: Record<WorkspaceRole, number> = {
  owner: 4,
  admin: 3,
  member: 2,
  viewer: 1,
  deactive: 0,
};

interface Context {
  id: string;
  title?: string;
  label?: string;
}

/**
 * Everything a valid launch writes, in one transaction: the nonce (its unique index makes a
 * replay, even a simultaneous one, fail here), the person, the course workspace and
 * membership, and the one-time handle the page /lti/process/:plugin spends.
 */
export async function acceptLaunch(
  deps: AppDeps,
  tx: Tx,
  platform: LtiPlatformRow,
  claims: Claims,
): Promise<{ handle: string; workspaceId: number | null }> {
  const inserted = await tx
    .insert(ltiNonces)
    .values({
      platformId: platform.id,
      nonce: String(claims.nonce),
      expiresAt: new Date(((claims.exp as number) + CLOCK_SKEW_SECONDS) * 1000),
    })
    .onConflictDoNothing()
    .returning({ nonce: ltiNonces.nonce });
  if (inserted.length === 0) throw new LaunchError('replayed', 401);

  const email =
    typeof claims.email === 'string' && claims.email.includes('@') ? claims.email : undefined;
  const approved = isApproved(platform);
  const keys = identityKeys(platform);
  const placeholder = `lti-${sha256(keys.provider).slice(0, 10)}-${sha256(String(claims.sub)).slice(0, 16)}@users.teamloop.invalid`;
  const { user, created, identityId } = await findOrCreateExternalUser(tx, {
    ...keys,
    subject: String(claims.sub),
    // An unapproved registration's addresses are not even kept: an account made with someone
    // else's address would be theirs once they reset its password, and still open to this one.
    email: approved ? (email ?? placeholder) : undefined,
    // Only an approved registration that asked for it links by e-mail, and never to a
    // supervisor (they sign in with their own password and second factor).
    emailVerified: approved && platform.trustEmails,
    mayLink: (holder) => holder.role !== 'supervisor',
    fallbackEmail: placeholder,
    firstName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
    lastName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
  });

  const kind = roleKind(claims[CLAIM.roles]);
  const context = claims[CLAIM.context] as Context | undefined;
  let workspaceId: number | null = null;
  if (context && typeof context.id === 'string' && context.id) {
    workspaceId = await courseWorkspace(tx, platform, claims, context, user.id, kind);
  }
  const settings = claims[CLAIM.deepLinkingSettings] as Record<string, unknown> | undefined;
  const isDeepLinking = claims[CLAIM.messageType] === MESSAGE.deepLinkingRequest;
  if (isDeepLinking && kind !== 'instructor' && kind !== 'ta') {
    throw new LaunchError('unsupported_message', 403, { type: String(claims[CLAIM.messageType]) });
  }
  if (isDeepLinking && (!settings || typeof settings.deep_link_return_url !== 'string')) {
    throw new LaunchError('invalid_token', 401);
  }
  const handle = randomBytes(24).toString('base64url');
  await tx.insert(ltiLaunches).values({
    handleHash: sha256(handle),
    platformId: platform.id,
    userId: user.id,
    workspaceId,
    // A launch that made its account may be linked to the person's existing one instead.
    identityId: created ? identityId : null,
    deepLinking: isDeepLinking
      ? {
          return_url: settings!.deep_link_return_url,
          data: settings!.data ?? null,
          accept_types: settings!.accept_types ?? [],
          deployment_id: claims[CLAIM.deploymentId],
        }
      : null,
    expiresAt: new Date(Date.now() + LAUNCH_HANDLE_TTL_MS),
  });
  return { handle, workspaceId };
}

async function courseWorkspace(
  tx: Tx,
  platform: LtiPlatformRow,
  claims: Claims,
  context: Context,
  userId: number,
  kind: LtiRoleKind,
): Promise<number> {
  const ags = claims[CLAIM.ags] as { lineitems?: string; scope?: string[] } | undefined;
  const nrps = claims[CLAIM.nrps] as { context_memberships_url?: string } | undefined;
  const services = {
    lineItemsUrl: typeof ags?.lineitems === 'string' ? ags.lineitems : null,
    agsScopes: Array.isArray(ags?.scope) ? ags.scope.filter((s) => typeof s === 'string') : [],
    membershipsUrl:
      typeof nrps?.context_memberships_url === 'string' ? nrps.context_memberships_url : null,
  };
  const [known] = await tx
    .select()
    .from(ltiContexts)
    .where(and(eq(ltiContexts.platformId, platform.id), eq(ltiContexts.contextId, context.id)))
    .for('update');
  let contextRow = known;
  if (!contextRow) {
    // Only a teacher opens a course's workspace; learners arrive once it exists.
    if (kind !== 'instructor') throw new LaunchError('course_not_ready', 409);
    const title = (context.title || context.label || context.id).slice(0, 200);
    const workspace = await createWorkspace(tx, userId, {
      name: title,
      workspace_type: 'course',
    } as Parameters<typeof createWorkspace>[2]);
    [contextRow] = await tx
      .insert(ltiContexts)
      .values({
        platformId: platform.id,
        contextId: context.id,
        deploymentId: String(claims[CLAIM.deploymentId]),
        title,
        workspaceId: workspace.id,
        ...services,
      })
      .returning();
  } else {
    await tx.update(ltiContexts).set(services).where(eq(ltiContexts.id, contextRow.id));
  }
  const workspaceId = contextRow.workspaceId;
  const wanted = workspaceRoleFor(kind);
  const [member] = await tx
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  if (!member) {
    await tx.insert(workspaceMembers).values({ workspaceId, userId, role: wanted });
  } else if (member.role !== 'deactive' && RANK[wanted] > RANK[member.role]) {
    // A launch only raises a role; what a teacher set in Teamloop is not undone by the next launch.
    await tx
      .update(workspaceMembers)
      .set({ role: wanted })
      .where(eq(workspaceMembers.id, member.id));
  }
  // An invitation from the roster (NRPS) is taken up by the launch.
  const [person] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  await tx
    .update(workspaceInvitations)
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where(
      and(
        invitationsOpenIn(workspaceId),
        sql`lower(${workspaceInvitations.email}) = ${person.email.toLowerCase()}`,
      ),
    );
  await tx
    .insert(ltiMembers)
    .values({ contextId: contextRow.id, userId, subject: String(claims.sub) })
    .onConflictDoNothing();
  await tx.update(users).set({ lastActiveWorkspaceId: workspaceId }).where(eq(users.id, userId));
  // A teacher's launch brings the class in (a job), so it is there before the students launch.
  if (kind === 'instructor') {
    await rosterOnLaunch(tx, platform, { ...contextRow, ...services }, userId);
  }
  return workspaceId;
}

/** Spends a launch handle (once, unexpired) for the page that finishes the sign-in. */
export async function spendLaunch(tx: Tx, platformId: number, handle: string) {
  const [row] = await tx
    .update(ltiLaunches)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(ltiLaunches.handleHash, sha256(handle)),
        eq(ltiLaunches.platformId, platformId),
        isNull(ltiLaunches.usedAt),
        sql`${ltiLaunches.expiresAt} > now()`,
      ),
    )
    .returning();
  return row ?? null;
}
