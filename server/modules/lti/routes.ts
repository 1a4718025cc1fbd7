import { and, desc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emptyResource, envelope, idParam } from '@contracts/common';
import {
  deepLinkBody,
  deepLinkResult,
  linkResult,
  linkStatus,
  plugin,
  pluginBody,
  pluginList,
  pluginListQuery,
  pluginUpdateBody,
  processBody,
  processParam,
  processResult,
  rosterBody,
  rosterQuery,
  rosterStatus,
  rosterSync,
  scoreBody,
} from '@contracts/lti';
import { requireAuth } from '../../auth/guard';
import type { Auth } from '../../context';
import { requireWorkspaceChange, requireWorkspacePermission } from '../../core/workspace-access';
import {
  ltiContexts,
  ltiLaunches,
  ltiMembers,
  ltiPlatforms,
  users,
  workspaceMembers,
  type LtiPlatformRow,
  type UserRow,
} from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { ok } from '../../http/envelope';
import { conflict, forbidden, notFound, refusal, unauthorized } from '../../http/errors';
import type { App } from '../../http/types';
import { beginSecondFactor, completeSignIn, needsSecondFactor } from '../auth';
import { displayName } from '../../core/people';
import { translator } from '../../i18n';
import { CLAIM, MESSAGE } from './claims';
import { publicJwks, signWithToolKey } from './keys';
import { acceptLaunch, platformFor, spendLaunch, validateIdToken } from './launch';
import { clearLinkCookie, confirmLink, offerLink, pendingLink, signedInSince } from './link';
import { autoPostPage, errorPage, LaunchError, registrationDonePage } from './pages';
import { presentPlugin, toolUrls } from './present';
import { refreshFrameOrigins, refreshFrameOriginsEveryMinute } from './frame-origins';
import { dynamicRegistration, registerToken, registerTokenOwner } from './registration';
import { loadCourse, type ScoreJob } from './services';
import {
  activeSync,
  courseRefusal,
  latestSync,
  presentSync,
  queueRosterSync,
  registerRosterJobs,
} from './roster';
import { checkState, clearStateCookie, newState } from './state';
import { registerAssessmentGradePassback, registerTaskGradePassback } from './grade-passback';
import { registerLtiUpkeep } from './upkeep';
import { registerScoreJobs, SCORE_QUEUE } from './score-job';

const tags = ['lti'];
const optional = z.string().max(4000).optional();
const loginInput = z.object({
  iss: optional,
  login_hint: optional,
  target_link_uri: optional,
  lti_message_hint: optional,
  client_id: optional,
  lti_deployment_id: optional,
});
const launchInput = z.object({ id_token: z.string().max(20_000).optional(), state: optional });
const registerQuery = z.object({
  openid_configuration: z.string().max(2000).optional(),
  registration_token: z.string().max(4000).optional(),
  t: z.string().max(2000).optional(),
});
const deepLinkReturnInput = z.object({
  launch_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  JWT: z.string().max(20_000).optional(),
});

/** Supervisors manage every plugin; a workspace owner manages the plugins they made. */
async function requirePluginManager(app: App, request: FastifyRequest): Promise<Auth> {
  const auth = requireAuth(request);
  if (auth.user.role === 'supervisor') return auth;
  const [owned] = await app.deps.db
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, auth.user.id), eq(workspaceMembers.role, 'owner')))
    .limit(1);
  if (!owned) throw forbidden('lti:messages.manager_only');
  return auth;
}

async function loadManagedPlugin(app: App, auth: Auth, id: number): Promise<LtiPlatformRow> {
  const [row] = await app.deps.db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id));
  if (!row || (auth.user.role !== 'supervisor' && row.ownerId !== auth.user.id)) {
    throw notFound('lti:messages.plugin_not_found');
  }
  return row;
}

function requireApprover(auth: Auth) {
  if (auth.user.role !== 'supervisor') throw forbidden('lti:messages.supervisor_only');
}

/** What an approval vouches for: changed by someone else than a supervisor, it lapses. */
const VOUCHED = ['issuer', 'clientId', 'authLoginUrl', 'accessTokenUrl', 'jwksUrl', 'trustEmails'];

/** The registration's approval as its registrar gives it: a supervisor's counts as approved. */
const approvalBy = (auth: Auth) =>
  auth.user.role === 'supervisor'
    ? { approvedAt: new Date(), approvedBy: auth.user.id }
    : { approvedAt: null, approvedBy: null };

/**
 * A launch alone never signs in a supervisor, nor an account that must set up 2FA first (it
 * would hand the setup to whoever sent the launch): they sign in with their own password.
 */
const needsOwnSignIn = (user: UserRow) =>
  user.role === 'supervisor' || (user.twoFactorRequired && user.twoFactorEnabledAt === null);

export default async function ltiRoutes(app: App) {
  const { deps } = app;
  const { db } = deps;

  // Platforms send OIDC login initiation and the launch as HTML form posts.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  await refreshFrameOrigins(db).catch(() => undefined);
  refreshFrameOriginsEveryMinute(app, db);
  registerScoreJobs(deps);
  registerRosterJobs(deps);
  registerTaskGradePassback(deps);
  registerAssessmentGradePassback(deps);
  app.addHook('onReady', registerLtiUpkeep(deps));

  const urlsFor = async (auth: Auth) =>
    toolUrls(deps.config, await registerToken(deps, auth.user.id));

  // ---- Plugins (spec 7.13) ----
  app.get(
    '/plugins',
    { schema: { tags, querystring: pluginListQuery, response: { 200: envelope(pluginList) } } },
    async (request) => {
      const auth = await requirePluginManager(app, request);
      const conditions = [];
      if (auth.user.role !== 'supervisor') conditions.push(eq(ltiPlatforms.ownerId, auth.user.id));
      if (request.query.status) conditions.push(eq(ltiPlatforms.status, request.query.status));
      const rows = await db
        .select()
        .from(ltiPlatforms)
        .where(and(...conditions))
        .orderBy(desc(ltiPlatforms.createdAt));
      const urls = await urlsFor(auth);
      return ok({ plugins: rows.map((r) => presentPlugin(r, urls, auth.user)), tool_urls: urls });
    },
  );

  app.post(
    '/plugins',
    { schema: { tags, body: pluginBody, response: { 201: envelope(plugin) } } },
    async (request, reply) => {
      const auth = await requirePluginManager(app, request);
      const body = request.body;
      try {
        const [row] = await db
          .insert(ltiPlatforms)
          .values({
            name: body.name,
            issuer: body.issuer,
            clientId: body.client_id,
            deploymentIds: [...new Set(body.deployment_ids)],
            authLoginUrl: body.auth_login_url,
            accessTokenUrl: body.access_token_url,
            jwksUrl: body.jwks_url,
            trustEmails: body.trust_emails ?? false,
            ownerId: auth.user.id,
            ...approvalBy(auth),
          })
          .returning();
        await refreshFrameOrigins(db);
        reply.code(201);
        return ok(
          presentPlugin(row, await urlsFor(auth), auth.user),
          'lti:messages.plugin_created',
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('lti:messages.plugin_exists');
        throw error;
      }
    },
  );

  app.get(
    '/plugins/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(plugin) } } },
    async (request) => {
      const auth = await requirePluginManager(app, request);
      const row = await loadManagedPlugin(app, auth, request.params.id);
      return ok(presentPlugin(row, await urlsFor(auth), auth.user));
    },
  );

  app.put(
    '/plugins/:id',
    {
      schema: {
        tags,
        params: idParam,
        body: pluginUpdateBody,
        response: { 200: envelope(plugin) },
      },
    },
    async (request) => {
      const auth = await requirePluginManager(app, request);
      const current = await loadManagedPlugin(app, auth, request.params.id);
      const body = request.body;
      const changes = {
        ...(body.issuer !== undefined ? { issuer: body.issuer } : {}),
        ...(body.client_id !== undefined ? { clientId: body.client_id } : {}),
        ...(body.auth_login_url !== undefined ? { authLoginUrl: body.auth_login_url } : {}),
        ...(body.access_token_url !== undefined ? { accessTokenUrl: body.access_token_url } : {}),
        ...(body.jwks_url !== undefined ? { jwksUrl: body.jwks_url } : {}),
        ...(body.trust_emails !== undefined ? { trustEmails: body.trust_emails } : {}),
      };
      const lapses =
        auth.user.role !== 'supervisor' &&
        Object.entries(changes).some(
          ([key, value]) => current[key as keyof LtiPlatformRow] !== value && VOUCHED.includes(key),
        );
      try {
        const [row] = await db
          .update(ltiPlatforms)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.deployment_ids !== undefined
              ? { deploymentIds: [...new Set(body.deployment_ids)] }
              : {}),
            ...changes,
            ...(lapses ? { approvedAt: null, approvedBy: null } : {}),
            updatedAt: new Date(),
          })
          .where(eq(ltiPlatforms.id, request.params.id))
          .returning();
        await refreshFrameOrigins(db);
        return ok(
          presentPlugin(row, await urlsFor(auth), auth.user),
          'lti:messages.plugin_updated',
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('lti:messages.plugin_exists');
        throw error;
      }
    },
  );

  app.delete(
    '/plugins/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const auth = await requirePluginManager(app, request);
      await loadManagedPlugin(app, auth, request.params.id);
      await db.delete(ltiPlatforms).where(eq(ltiPlatforms.id, request.params.id));
      await refreshFrameOrigins(db);
      return ok({}, 'lti:messages.plugin_deleted');
    },
  );

  app.post(
    '/plugins/:id/archive',
    { schema: { tags, params: idParam, response: { 200: envelope(plugin) } } },
    async (request) => {
      const auth = await requirePluginManager(app, request);
      const current = await loadManagedPlugin(app, auth, request.params.id);
      if (current.status === 'archived') throw conflict('lti:messages.plugin_already_archived');
      const [row] = await db
        .update(ltiPlatforms)
        .set({ status: 'archived', archivedAt: new Date(), updatedAt: new Date() })
        .where(eq(ltiPlatforms.id, request.params.id))
        .returning();
      await refreshFrameOrigins(db);
      return ok(presentPlugin(row, await urlsFor(auth), auth.user), 'lti:messages.plugin_archived');
    },
  );

  /** A supervisor vouches for a plugin: e-mail linking (when asked for) and framing apply. */
  async function setApproval(request: FastifyRequest, id: number, on: boolean) {
    const auth = await requirePluginManager(app, request);
    requireApprover(auth);
    const current = await loadManagedPlugin(app, auth, id);
    if ((current.approvedAt !== null) === on) {
      throw conflict(on ? 'lti:messages.already_approved' : 'lti:messages.not_approved');
    }
    const [row] = await db
      .update(ltiPlatforms)
      .set({
        approvedAt: on ? new Date() : null,
        approvedBy: on ? auth.user.id : null,
        updatedAt: new Date(),
      })
      .where(eq(ltiPlatforms.id, current.id))
      .returning();
    await refreshFrameOrigins(db);
    return ok(
      presentPlugin(row, await urlsFor(auth), auth.user),
      on ? 'lti:messages.plugin_approved' : 'lti:messages.approval_revoked',
    );
  }

  app.post(
    '/plugins/:id/approve',
    { schema: { tags, params: idParam, response: { 200: envelope(plugin) } } },
    (request) => setApproval(request, request.params.id, true),
  );

  app.post(
    '/plugins/:id/revoke-approval',
    { schema: { tags, params: idParam, response: { 200: envelope(plugin) } } },
    (request) => setApproval(request, request.params.id, false),
  );

  // ---- Tool endpoints (public: the platform and the browser call them) ----
  const publicRoute = { public: true } as const;

  async function login(
    request: FastifyRequest,
    reply: FastifyReply,
    input: z.infer<typeof loginInput>,
  ) {
    try {
      if (!input.iss || !input.login_hint) throw new LaunchError('invalid_token');
      const candidates = await db
        .select()
        .from(ltiPlatforms)
        .where(and(eq(ltiPlatforms.issuer, input.iss), eq(ltiPlatforms.status, 'active')));
      const platform = input.client_id
        ? candidates.find((p) => p.clientId === input.client_id)
        : candidates.length === 1
          ? candidates[0]
          : undefined;
      if (!platform) throw new LaunchError('unknown_issuer', 400, { issuer: input.iss });
      if (input.lti_deployment_id && !platform.deploymentIds.includes(input.lti_deployment_id)) {
        throw new LaunchError('unknown_deployment', 400, { deployment: input.lti_deployment_id });
      }
      const { state, nonce, cookie } = await newState(deps.config, platform.id, {
        iss: input.iss,
        login_hint: input.login_hint,
        target_link_uri: input.target_link_uri,
        lti_message_hint: input.lti_message_hint,
        client_id: platform.clientId,
        lti_deployment_id: input.lti_deployment_id,
      });
      const target = new URL(platform.authLoginUrl);
      const params = {
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: platform.clientId,
        redirect_uri: toolUrls(deps.config).launch_url,
        login_hint: input.login_hint,
        state,
        nonce,
        ...(input.lti_message_hint ? { lti_message_hint: input.lti_message_hint } : {}),
      };
      for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
      return reply
        .header('set-cookie', cookie)
        .header('cache-control', 'no-store')
        .redirect(target.toString(), 302);
    } catch (error) {
      if (error instanceof LaunchError) return errorPage(request, reply, error);
      throw error;
    }
  }

  app.get(
    '/lti/login',
    { schema: { tags, querystring: loginInput }, config: publicRoute },
    (request, reply) => login(request, reply, request.query),
  );
  app.post(
    '/lti/login',
    { schema: { tags, body: loginInput }, config: publicRoute },
    (request, reply) => login(request, reply, request.body ?? {}),
  );

  app.post(
    '/lti/launch',
    { schema: { tags, body: launchInput }, config: publicRoute },
    async (request, reply) => {
      try {
        const body = request.body ?? {};
        const checked = await checkState(deps.config, body.state, request.headers.cookie);
        if (!checked.ok) {
          if (checked.reason === 'cookie_blocked' && checked.relaunch) {
            const again = new URL(toolUrls(deps.config).login_url);
            for (const [k, v] of Object.entries(checked.relaunch)) {
              if (typeof v === 'string') again.searchParams.set(k, v);
            }
            throw new LaunchError('cookie_blocked', 400, { relaunch_url: again.toString() });
          }
          throw new LaunchError(checked.reason);
        }
        if (!body.id_token) throw new LaunchError('invalid_token', 401);
        const platform = await platformFor(deps, body.id_token);
        const claims = await validateIdToken(platform, body.id_token, checked.state);
        const { handle } = await db.transaction((tx) => acceptLaunch(deps, tx, platform, claims));
        const target = new URL(`/lti/process/${platform.id}`, deps.config.APP_URL);
        target.hash = `launch=${handle}`;
        return reply
          .header('set-cookie', clearStateCookie(checked.state.sid))
          .header('cache-control', 'no-store')
          .redirect(target.toString(), 303);
      } catch (error) {
        if (error instanceof LaunchError) return errorPage(request, reply, error);
        throw error;
      }
    },
  );

  app.get('/lti/jwks', { schema: { tags }, config: publicRoute }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return publicJwks(db);
  });

  app.get(
    '/lti/register',
    { schema: { tags, querystring: registerQuery }, config: publicRoute },
    async (request, reply) => {
      try {
        const ownerId = await registerTokenOwner(deps, request.query.t);
        if (!ownerId || !request.query.openid_configuration) {
          throw new LaunchError('registration_failed');
        }
        const row = await dynamicRegistration(
          deps,
          ownerId,
          request.query.openid_configuration,
          request.query.registration_token,
        );
        await refreshFrameOrigins(db);
        return registrationDonePage(request, reply, row.name);
      } catch (error) {
        if (error instanceof LaunchError) return errorPage(request, reply, error);
        throw error;
      }
    },
  );

  app.post(
    '/lti/:id/process',
    {
      schema: {
        tags,
        params: processParam,
        body: processBody,
        response: { 200: envelope(processResult) },
      },
      config: publicRoute,
    },
    async (request, reply) => {
      const result = await db.transaction(async (tx) => {
        const launch = await spendLaunch(tx, request.params.id, request.body.launch);
        if (!launch) return null;
        const [user] = await tx.select().from(users).where(eq(users.id, launch.userId));
        const [platform] = await tx
          .select({ name: ltiPlatforms.name })
          .from(ltiPlatforms)
          .where(eq(ltiPlatforms.id, launch.platformId));
        // Already signed in to that account in this browser, by its own means: nothing to add.
        const signedIn = request.auth?.user.id === user.id;
        const ownSignIn = !signedIn && needsOwnSignIn(user);
        const signIn = ownSignIn
          ? {
              user: null,
              tours: null,
              profile_completion_percent: null,
              redirectToEnable: false,
              two_factor_required: false,
            }
          : needsSecondFactor(user) && !signedIn
            ? await beginSecondFactor(deps, tx, user, 'lti')
            : await completeSignIn(deps, tx, request, reply, user, 'lti');
        const linkCookie =
          signIn.user && launch.identityId ? await offerLink(deps.config, tx, launch.id) : null;
        return {
          ...signIn,
          redirect: launch.workspaceId ? `/workspaces/${launch.workspaceId}` : '/workspaces',
          deep_linking: launch.deepLinking
            ? { launch_id: launch.id, workspace_id: launch.workspaceId }
            : null,
          sign_in_required: ownSignIn,
          link_offered: linkCookie !== null,
          platform_name: platform.name,
          linkCookie,
        };
      });
      if (!result) throw unauthorized('lti:messages.launch_expired');
      const { linkCookie, ...answer } = result;
      if (linkCookie) reply.header('set-cookie', linkCookie);
      return ok(answer);
    },
  );

  // ---- Linking a launch to an existing account (docs/decisions/lti.md, "Linking") ----
  app.get(
    '/lti/link',
    { schema: { tags, response: { 200: envelope(linkStatus) } }, config: publicRoute },
    async (request) => {
      const link = await pendingLink(db, request.headers.cookie);
      if (!link) throw notFound('lti:messages.link_not_found');
      const auth = request.auth;
      const fresh =
        auth !== null &&
        auth.user.id !== link.launch.userId &&
        (await signedInSince(db, auth.sessionId, link.launch.usedAt));
      return ok({
        platform: {
          id: link.platform.id,
          name: link.platform.name,
          approved: link.platform.approvedAt !== null,
        },
        person_name: `${link.person.firstName} ${link.person.lastName}`.trim(),
        account:
          auth && auth.user.id !== link.launch.userId
            ? { email: auth.user.email, name: displayName(auth.user) }
            : null,
        can_confirm: fresh,
      });
    },
  );

  app.post(
    '/lti/link/confirm',
    { schema: { tags, response: { 200: envelope(linkResult) } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const link = await pendingLink(db, request.headers.cookie);
      if (!link) throw notFound('lti:messages.link_not_found');
      if (!(await signedInSince(db, auth.sessionId, link.launch.usedAt))) {
        throw refusal(403, 'sign_in_required', 'lti:messages.link_sign_in_first');
      }
      const { workspaceId } = await db.transaction((tx) => confirmLink(tx, link, auth.user));
      reply.header('set-cookie', clearLinkCookie(deps.config));
      return ok(
        { redirect: workspaceId ? `/workspaces/${workspaceId}` : '/workspaces' },
        'lti:messages.linked',
      );
    },
  );

  // ---- Deep Linking 2.0: the teacher's choice goes back as a signed JWT ----
  app.post(
    '/lti/deep-link',
    { schema: { tags, body: deepLinkBody, response: { 200: envelope(deepLinkResult) } } },
    async (request) => {
      const auth = requireAuth(request);
      const [launch] = await db
        .select({ launch: ltiLaunches, platform: ltiPlatforms })
        .from(ltiLaunches)
        .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiLaunches.platformId))
        .where(
          and(eq(ltiLaunches.id, request.body.launch_id), eq(ltiLaunches.userId, auth.user.id)),
        );
      const settings = launch?.launch.deepLinking as
        { return_url: string; data: unknown; deployment_id: string } | null | undefined;
      if (!launch || !settings || !launch.launch.usedAt) {
        throw notFound('lti:messages.deep_link_not_found');
      }
      if (Date.now() - launch.launch.usedAt.getTime() > 60 * 60_000) {
        throw refusal(410, 'deep_link_expired', 'lti:messages.deep_link_expired');
      }
      const workspaceId = launch.launch.workspaceId;
      const items = request.body.items.map((item) => {
        const path =
          item.type === 'team_formation'
            ? `/workspaces/${workspaceId ?? ''}/people`
            : item.type === 'task'
              ? `/workspaces/${workspaceId ?? ''}/tasks/${item.id ?? ''}/info`
              : `/workspaces/${workspaceId ?? ''}/assessments`;
        return {
          type: 'ltiResourceLink',
          title: item.title,
          url: toolUrls(deps.config).launch_url,
          custom: {
            teamloop_item: item.type,
            teamloop_id: String(item.id ?? ''),
            teamloop_path: path,
          },
          ...(item.type === 'task' || item.type === 'assessment'
            ? {
                lineItem: {
                  scoreMaximum: 100,
                  label: item.title,
                  resourceId: `${item.type}:${item.id ?? ''}`,
                },
              }
            : {}),
        };
      });
      const jwt = await signWithToolKey(db, {
        iss: launch.platform.clientId,
        aud: launch.platform.issuer,
        nonce: crypto.randomUUID(),
        [CLAIM.messageType]: MESSAGE.deepLinkingResponse,
        [CLAIM.version]: '1.3.0',
        [CLAIM.deploymentId]: settings.deployment_id,
        [CLAIM.contentItems]: items,
        ...(settings.data !== null && settings.data !== undefined
          ? { [CLAIM.dlData]: settings.data }
          : {}),
      });
      await db
        .update(ltiLaunches)
        .set({ deepLinking: { ...settings, response_jwt: jwt } })
        .where(eq(ltiLaunches.id, launch.launch.id));
      return ok({ return_url: settings.return_url, jwt });
    },
  );

  /** The browser posts the response here (our CSP lets forms go only to us), we post it on. */
  app.post(
    '/lti/deep-link/return',
    { schema: { tags, body: deepLinkReturnInput }, config: publicRoute },
    async (request, reply) => {
      const body = request.body ?? {};
      const [launch] = body.launch_id
        ? await db.select().from(ltiLaunches).where(eq(ltiLaunches.id, body.launch_id))
        : [];
      const settings = launch?.deepLinking as { return_url?: string; response_jwt?: string } | null;
      if (!settings?.response_jwt || !body.JWT || settings.response_jwt !== body.JWT) {
        return errorPage(request, reply, new LaunchError('invalid_token', 400));
      }
      await db.update(ltiLaunches).set({ deepLinking: null }).where(eq(ltiLaunches.id, launch.id));
      return autoPostPage(request, reply, String(settings.return_url), { JWT: body.JWT });
    },
  );

  // ---- AGS and NRPS ----
  app.post(
    '/lti/scores',
    { schema: { tags, body: scoreBody, response: { 202: envelope(emptyResource) } } },
    async (request, reply) => {
      const body = request.body;
      await requireWorkspaceChange(request, db, body.workspace_id, 'review_tasks');
      const course = await loadCourse(db, body.workspace_id);
      if (!course?.context.lineItemsUrl)
        throw refusal(409, 'not_linked', 'lti:messages.not_linked');
      const [member] = await db
        .select({ id: ltiMembers.id })
        .from(ltiMembers)
        .where(
          and(eq(ltiMembers.contextId, course.context.id), eq(ltiMembers.userId, body.user_id)),
        );
      if (!member) throw refusal(409, 'person_not_linked', 'lti:messages.person_not_linked');
      const job: ScoreJob = {
        workspace_id: body.workspace_id,
        user_id: body.user_id,
        resource_id: `${body.item.type}:${body.item.id}`,
        label: body.label,
        score_given: body.score_given,
        score_maximum: body.score_maximum,
        timestamp: new Date().toISOString(),
      };
      await deps.jobs.send(SCORE_QUEUE, job);
      reply.code(202);
      return ok({}, 'lti:messages.score_queued');
    },
  );

  app.get(
    '/lti/roster',
    { schema: { tags, querystring: rosterQuery, response: { 200: envelope(rosterStatus) } } },
    async (request) => {
      const workspaceId = request.query.workspace_id;
      await requireWorkspacePermission(request, db, workspaceId, 'invite_members');
      const course = await loadCourse(db, workspaceId);
      const blocked = course ? courseRefusal(course) : null;
      const latest = await latestSync(db, workspaceId);
      const t = translator(request.lang);
      return ok({
        course: course
          ? {
              platform_name: course.platform.name,
              blocked: blocked
                ? {
                    code: blocked.code,
                    message: t(blocked.messageRef.key, blocked.messageRef.params),
                  }
                : null,
            }
          : null,
        latest: latest ? presentSync(latest, request.lang) : null,
      });
    },
  );

  /** Queues a reading of the roster (a job); while one is queued or running, answers that one. */
  app.post(
    '/lti/roster',
    { schema: { tags, body: rosterBody, response: { 202: envelope(rosterSync) } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const workspaceId = request.body.workspace_id;
      await requireWorkspaceChange(request, db, workspaceId, 'invite_members');
      const course = await loadCourse(db, workspaceId);
      const refused = courseRefusal(course);
      if (refused || !course) throw refused;
      const sync = await db.transaction(async (tx) => {
        // One reading at a time per course: two clicks (or a click and a launch) meet here.
        await tx
          .select({ id: ltiContexts.id })
          .from(ltiContexts)
          .where(eq(ltiContexts.id, course.context.id))
          .for('update');
        return (
          (await activeSync(tx, course.context.id)) ??
          (await queueRosterSync(tx, course.context, auth.user.id, 'button'))
        );
      });
      reply.code(202);
      return ok(presentSync(sync, request.lang));
    },
  );
}
