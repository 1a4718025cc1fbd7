import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { resolveAccessToken } from './auth/access-token';
import { signingKeysFor } from './auth/signing-keys';
import { workspaceNamedBy } from './core/workspace-access';
import { trustProxyOption, type AppConfig } from './config';
import type { AppDeps } from './context';
import { openDatabase, type DatabaseHandle } from './db/client';
import { isSubresourceRequest, serveClient } from './http/client';
import { errorHandler } from './http/error-handler';
import type { MessageRef } from './http/errors';
import { notFound, unauthorized } from './http/errors';
import { registerRateLimits } from './http/rate-limit';
import { registerMetrics } from './http/metrics';
import { requestForLog } from './http/request-log';
import { refuseUnstorableInput } from './http/storable-input';
import { contentSecurityPolicy } from './http/security';
import type { App } from './http/types';
import { pickLanguage, translator } from './i18n';
import { openRedis } from './redis';
import { createJobs } from './jobs';
import { keptAnswersFor } from './http/response-cache';
import jobRoutes from './jobs/routes';
import { createMailer, type Mailer } from './mail/mailer';
import { AREAS, registerModules } from './modules';
import { probes as healthProbes } from './modules/health';
import { storageFor } from './storage';
import { registerFileSweep } from './storage/sweep';
import { registerReseal } from './core/reseal';
import { registerWorkspaceChangeCompaction } from './core/workspace-changes';
import { attachRealtime } from './realtime';
import { hostAccounts } from './host-accounts';

export const API_PREFIX = '/api/v2';

/**
 * Schemas named with `.meta({ id })` (the trees that contain themselves) become the document's
 * components their `$ref`s point at; without it the refs point nowhere. zod writes an `$id` with
 * a fragment and a `$schema` into each, which JSON Schema 2020-12 does not allow there: the
 * component's key is its name.
 */
const namedComponents: typeof jsonSchemaTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input);
  const { components } = document as { components?: { schemas?: Record<string, object> } };
  for (const schema of Object.values(components?.schemas ?? {})) {
    delete (schema as { $id?: string }).$id;
    delete (schema as { $schema?: string }).$schema;
  }
  return document;
};
const clientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

export interface BuildOptions {
  config: AppConfig;
  /** Tests pass their own database; otherwise it is opened from the config. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read the request log from it). */
  logStream?: { write(line: string): void };
  /** The built client to serve; tests pass a small one of their own. */
  clientDir?: string;
}

export async function buildApp(options: BuildOptions): Promise<App> {
  let { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: { req: requestForLog },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Start-up hooks (the job queue, the Redis stream reader) wait for the database and
    // Redis; several processes starting at once on a busy machine need more than 10 s.
    pluginTimeout: 60_000,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolMax: config.DATABASE_POOL_MAX,
      preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    }));
  // One signing secret for every process: JWT_SECRET, or the one generated into the database.
  const signingKeys = await signingKeysFor(database.db, config);
  if (!config.JWT_SECRET) config = { ...config, JWT_SECRET: signingKeys.current().secret };
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.DATA_DIR,
      log: app.log,
    });
  const redis = config.REDIS_URL ? openRedis(config.REDIS_URL, app.log) : undefined;
  // The admin routes' token; `npm start` hands it to scripts through DATA_DIR's lock.
  const adminToken = randomBytes(32).toString('base64url');
  const deps = {
    config,
    database,
    db: database.db,
    signingKeys,
    mailer,
    redis,
    adminToken,
  } as AppDeps;
  deps.realtime = attachRealtime(app, deps);
  deps.jobs = createJobs(database, config, app.log);
  deps.keptAnswers = keptAnswersFor(config);
  app.decorate('deps', deps);
  // Modules define their handlers while they register; the queue starts once all have.
  app.addHook('onReady', () => deps.jobs.start());
  app.addHook('preClose', () => deps.jobs.stop());
  if (!options.database) app.addHook('onClose', () => database.close());
  if (redis) app.addHook('onClose', () => void redis.disconnect());

  app.decorateRequest('lang', 'en');
  app.decorateRequest('t', null as never);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    request.lang = pickLanguage(request.headers);
    request.t = translator(request.lang);
    reply.header('x-request-id', request.id);
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      request.auth = await resolveAccessToken(deps, header.slice('Bearer '.length).trim(), {
        extra: request.routeOptions.config?.sessionExtra,
        workspaceId: workspaceNamedBy(request),
      });
    }
  });
  // Signed-in by default: a route opts out with `config: { public: true }`. Checked before
  // validation, so a signed-out caller learns nothing about the body a route expects.
  app.addHook('preValidation', async (request) => {
    const routeConfig = request.routeOptions.config as { public?: boolean } | undefined;
    const url = request.routeOptions.url ?? '';
    const isApi = url.startsWith(API_PREFIX) && !url.startsWith(`${API_PREFIX}/docs`);
    if (isApi && !routeConfig?.public && !request.auth) {
      throw unauthorized();
    }
  });
  // What PostgreSQL cannot store (NUL, lone surrogates, absurd nesting) is refused up front.
  app.addHook('preValidation', async (request) => {
    refuseUnstorableInput({ body: request.body, query: request.query, params: request.params });
  });
  // Routes return message keys; the caller's language turns them into words here.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (payload && typeof payload === 'object' && 'messages' in payload) {
      const body = payload as { messages?: (string | MessageRef)[] };
      body.messages = (body.messages ?? []).map((m) =>
        typeof m === 'string' ? request.t(m) : request.t(m.key, m.params),
      );
    }
    return payload;
  });

  // Helmet's headers, its middleware built once (@fastify/helmet built it again for every
  // request: 3 % of a signed-in read's CPU, profiled).
  const securityHeaders = helmet({
    contentSecurityPolicy,
    // Framing is governed by CSP frame-ancestors; X-Frame-Options cannot express a list.
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    // Teams opens the SSO consent pop-up (tabs/auth-start.html) from its own origin and talks
    // to it through window.opener, which Cross-Origin-Opener-Policy: same-origin would cut.
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (isSubresourceRequest(request)) {
      // What a script or a style still needs: no sniffing it as something else, same site only.
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cross-origin-resource-policy', 'same-site');
      return done();
    }
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  await registerRateLimits(app, redis);
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_LIMIT_BYTES, files: 20, fields: 50 },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Teamloop API', version: '2.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: namedComponents,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  app.get(
    `${API_PREFIX}/openapi.json`,
    { schema: { hide: true }, config: { public: true } },
    async () => app.swagger(),
  );

  // Before the routes, so its hooks see every one of them.
  registerMetrics(app, deps);
  await app.register(registerModules, { prefix: API_PREFIX });
  await app.register(healthProbes);
  // Stored files and rows agree: see docs/decisions/stored-files.md.
  app.addHook(
    'onReady',
    registerFileSweep(deps, {
      areas: AREAS,
      storage: storageFor(config),
      graceMs: config.FILE_SWEEP_GRACE_MS,
      intervalMs: config.FILE_SWEEP_INTERVAL_MS,
      log: app.log,
    }),
  );
  app.addHook('onReady', registerWorkspaceChangeCompaction(deps));
  // Tokens sealed with an older key, sealed again before it retires (docs/decisions/scale-out.md).
  app.addHook('onReady', registerReseal(deps, AREAS, app.log));
  await app.register(jobRoutes, { prefix: `${API_PREFIX}/core` });
  await app.register(import('../bot-proxy/plugin'), { accounts: hostAccounts });

  const clientDir = options.clientDir ?? clientDist;
  if (config.SERVE_CLIENT && existsSync(path.join(clientDir, 'index.html'))) {
    await serveClient(app, clientDir);
  } else {
    app.setNotFoundHandler(async () => {
      throw notFound();
    });
  }

  return app;
}
