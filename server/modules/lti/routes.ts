import type { FastifyReply, FastifyRequest } from 'fastify';
import { gatedBy } from '../../core/plans';
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
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { clientOf, signedIn } from '../auth';
import { refreshFrameOrigins, refreshFrameOriginsEveryMinute } from './frame-origins';
import { registerAssessmentGradePassback, registerTaskGradePassback } from './grade-passback';
import { publicJwks } from './keys';
import { clearLinkCookie } from './link';
import { answerDeepLink, returnDeepLink } from './operations/answer-deep-link';
import { archivePlugin } from './operations/archive-plugin';
import { createPlugin } from './operations/create-plugin';
import { deletePlugin } from './operations/delete-plugin';
import { confirmPendingLink, showPendingLink } from './operations/link-account';
import { listPlugins } from './operations/list-plugins';
import { processLaunch } from './operations/process-launch';
import { queueScore } from './operations/queue-score';
import { receiveLaunch } from './operations/receive-launch';
import { registerPlatform } from './operations/register-platform';
import { showRoster, syncRoster } from './operations/roster';
import { setPluginApproval } from './operations/set-plugin-approval';
import { showPlugin } from './operations/show-plugin';
import { startLogin, type LoginInput } from './operations/start-login';
import { updatePlugin } from './operations/update-plugin';
import { autoPostPage, errorPage, LaunchError, registrationDonePage, type HtmlPage } from './pages';
import { registerRosterJobs } from './roster';
import { registerScoreJobs } from './score-job';
import { clearStateCookie } from './state';
import { registerLtiUpkeep } from './upkeep';

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

/** Sends one of our HTML pages (server/modules/lti/pages.ts). */
function sendPage(reply: FastifyReply, page: HtmlPage) {
  return reply
    .code(page.status)
    .header('content-security-policy', page.csp)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

/** A tool endpoint the browser opens: a LaunchError is answered as a page saying what to do. */
async function asPage(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: () => Promise<FastifyReply>,
) {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof LaunchError) return sendPage(reply, errorPage(request, error));
    throw error;
  }
}

export default async function ltiRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);
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

  // ---- Plugins (spec 7.13) ----
  route.get('/plugins', { querystring: pluginListQuery, answer: pluginList }, (actor, request) =>
    listPlugins(deps, actor, request.query),
  );

  app.post(
    '/plugins',
    { schema: { tags, body: pluginBody, response: { 201: envelope(plugin) } } },
    async (request, reply) => {
      const created = await createPlugin(deps, actorOf(request), request.body);
      reply.code(201);
      return ok(created, 'lti:messages.plugin_created');
    },
  );

  route.get('/plugins/:id', { params: idParam, answer: plugin }, (actor, request) =>
    showPlugin(deps, actor, request.params.id),
  );

  route.put(
    '/plugins/:id',
    {
      params: idParam,
      body: pluginUpdateBody,
      answer: plugin,
      message: 'lti:messages.plugin_updated',
    },
    (actor, request) => updatePlugin(deps, actor, { id: request.params.id, ...request.body }),
  );

  app.delete(
    '/plugins/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(emptyResource) } } },
    async (request) =>
      ok(
        await deletePlugin(deps, actorOf(request), request.params.id),
        'lti:messages.plugin_deleted',
      ),
  );

  route.post(
    '/plugins/:id/archive',
    { params: idParam, answer: plugin, message: 'lti:messages.plugin_archived' },
    (actor, request) => archivePlugin(deps, actor, request.params.id),
  );

  /** A supervisor vouches for a plugin: e-mail linking (when asked for) and framing apply. */
  async function setApproval(request: FastifyRequest, id: number, approved: boolean) {
    return ok(
      await setPluginApproval(deps, actorOf(request), { id, approved }),
      approved ? 'lti:messages.plugin_approved' : 'lti:messages.approval_revoked',
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

  function login(request: FastifyRequest, reply: FastifyReply, input: LoginInput) {
    return asPage(request, reply, async () => {
      const { redirect, cookie } = await startLogin(deps, input);
      return reply
        .header('set-cookie', cookie)
        .header('cache-control', 'no-store')
        .redirect(redirect, 302);
    });
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
    async (request, reply) =>
      asPage(request, reply, async () => {
        const { redirect, stateId } = await receiveLaunch(deps, {
          ...request.body,
          cookieHeader: request.headers.cookie,
        });
        return reply
          .header('set-cookie', clearStateCookie(stateId))
          .header('cache-control', 'no-store')
          .redirect(redirect, 303);
      }),
  );

  app.get('/lti/jwks', { schema: { tags }, config: publicRoute }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return publicJwks(db);
  });

  app.get(
    '/lti/register',
    { schema: { tags, querystring: registerQuery }, config: publicRoute },
    async (request, reply) =>
      asPage(request, reply, async () => {
        const { name } = await registerPlatform(deps, request.query);
        return sendPage(reply, registrationDonePage(request, name));
      }),
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
      const { token, linkCookie, result } = await processLaunch(
        deps,
        request.auth ? actorOf(request) : null,
        { platformId: request.params.id, handle: request.body.launch, client: clientOf(request) },
      );
      const answer = signedIn(reply, { token, result });
      if (linkCookie) reply.header('set-cookie', linkCookie);
      return ok(answer);
    },
  );

  // ---- Linking a launch to an existing account (docs/decisions/lti.md, "Linking") ----
  app.get(
    '/lti/link',
    { schema: { tags, response: { 200: envelope(linkStatus) } }, config: publicRoute },
    async (request) =>
      ok(
        await showPendingLink(deps, request.auth ? actorOf(request) : null, {
          cookieHeader: request.headers.cookie,
        }),
      ),
  );

  app.post(
    '/lti/link/confirm',
    { schema: { tags, response: { 200: envelope(linkResult) } } },
    async (request, reply) => {
      const linked = await confirmPendingLink(deps, actorOf(request), {
        cookieHeader: request.headers.cookie,
      });
      reply.header('set-cookie', clearLinkCookie(deps.config));
      return ok(linked, 'lti:messages.linked');
    },
  );

  // ---- Deep Linking 2.0: the teacher's choice goes back as a signed JWT ----
  route.post('/lti/deep-link', { body: deepLinkBody, answer: deepLinkResult }, (actor, request) =>
    answerDeepLink(deps, actor, request.body),
  );

  /** The browser posts the response here (our CSP lets forms go only to us), we post it on. */
  app.post(
    '/lti/deep-link/return',
    { schema: { tags, body: deepLinkReturnInput }, config: publicRoute },
    async (request, reply) =>
      asPage(request, reply, async () => {
        const { returnUrl, jwt } = await returnDeepLink(deps, request.body ?? {});
        return sendPage(reply, autoPostPage(request, returnUrl, { JWT: jwt }));
      }),
  );

  // ---- AGS and NRPS ----
  app.post(
    '/lti/scores',
    {
      schema: {
        tags,
        ...gatedBy('lti'),
        body: scoreBody,
        response: { 202: envelope(emptyResource) },
      },
    },
    async (request, reply) => {
      const queued = await queueScore(deps, actorOf(request), request.body);
      reply.code(202);
      return ok(queued, 'lti:messages.score_queued');
    },
  );

  route.get('/lti/roster', { querystring: rosterQuery, answer: rosterStatus }, (actor, request) =>
    showRoster(deps, actor, {
      workspaceId: request.query.workspace_id,
      lang: request.lang,
    }),
  );

  /** Queues a reading of the roster (a job); while one is queued or running, answers that one. */
  app.post(
    '/lti/roster',
    {
      schema: {
        tags,
        body: rosterBody,
        response: { 202: envelope(rosterSync) },
      },
    },
    async (request, reply) => {
      const sync = await syncRoster(deps, actorOf(request), {
        workspaceId: request.body.workspace_id,
        lang: request.lang,
      });
      reply.code(202);
      return ok(sync);
    },
  );
}
