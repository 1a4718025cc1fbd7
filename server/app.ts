import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { resolveAccessToken } from './auth/access-token';
import type { AppConfig } from './config';
import type { AppDeps } from './context';
import { openDatabase, type DatabaseHandle } from './db/client';
import { errorHandler } from './http/error-handler';
import type { MessageRef } from './http/errors';
import { notFound, tooManyRequests, unauthorized, validationFailed } from './http/errors';
import { findNulCharacter } from './http/nul-character';
import { contentSecurityPolicy } from './http/security';
import type { App } from './http/types';
import { pickLanguage, translator } from './i18n';
import { createJobs } from './jobs';
import jobRoutes from './jobs/routes';
import { createMailer, type Mailer } from './mail/mailer';
import { registerModules } from './modules';
import { attachRealtime } from './realtime';

export const API_PREFIX = '/api/v2';
const clientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

export interface BuildOptions {
  config: AppConfig;
  /** Tests pass their own database; otherwise it is opened from the config. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  logger?: boolean;
}

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.DATA_DIR,
      log: app.log,
    });
  const deps = { config, database, db: database.db, mailer } as AppDeps;
  deps.realtime = attachRealtime(app, deps);
  deps.jobs = createJobs(database, config, app.log);
  app.decorate('deps', deps);
  // Modules define their handlers while they register; the queue starts once all have.
  app.addHook('onReady', () => deps.jobs.start());
  app.addHook('preClose', () => deps.jobs.stop());
  if (!options.database) app.addHook('onClose', () => database.close());

  app.decorateRequest('lang', 'en');
  app.decorateRequest('t', null as never);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    request.lang = pickLanguage(request.headers);
    request.t = translator(request.lang);
    reply.header('x-request-id', request.id);
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      request.auth = await resolveAccessToken(deps, header.slice('Bearer '.length).trim());
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
  // PostgreSQL text cannot hold U+0000; refuse it up front rather than fail in the database.
  app.addHook('preValidation', async (request) => {
    const field = findNulCharacter({
      body: request.body,
      query: request.query,
      params: request.params,
    });
    if (field) throw validationFailed({ [field]: 'common:validation.invalid_characters' });
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

  await app.register(helmet, {
    contentSecurityPolicy,
    // Framing is governed by CSP frame-ancestors; X-Frame-Options cannot express a list.
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    // Teams opens the SSO consent pop-up (tabs/auth-start.html) from its own origin and talks
    // to it through window.opener, which Cross-Origin-Opener-Policy: same-origin would cut.
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(rateLimit, {
    global: false,
    redis: config.REDIS_URL
      ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
      : undefined,
    errorResponseBuilder: () => tooManyRequests(),
  });
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
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  app.get(
    `${API_PREFIX}/openapi.json`,
    { schema: { hide: true }, config: { public: true } },
    async () => app.swagger(),
  );

  await app.register(registerModules, { prefix: API_PREFIX });
  await app.register(jobRoutes, { prefix: `${API_PREFIX}/core` });
  await app.register(import('../bot-proxy/plugin'));

  const serveClient = config.SERVE_CLIENT && existsSync(path.join(clientDist, 'index.html'));
  if (serveClient) {
    await app.register(fastifyStatic, { root: clientDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/_socket_/') &&
      request.headers.accept?.includes('text/html');
    if (serveClient && isPage) {
      return reply.type('text/html').sendFile('index.html', { maxAge: 0 });
    }
    throw notFound();
  });

  return app;
}
