import http from 'node:http';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ErrorBody } from '@contracts/common';
import { signingKeysFor } from '@server/auth/signing-keys';
import { loadConfig, trustProxyOption, type AppConfig } from '@server/config';
import type { AppDeps } from '@server/context';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { errorHandler } from '@server/http/error-handler';
import { registerRateLimits } from '@server/http/rate-limit';
import { requestForLog } from '@server/http/request-log';
import type { App } from '@server/http/types';
import { pickLanguage, translator } from '@server/i18n';
import { openRedis } from '@server/redis';
import { createJobs } from '@server/jobs';
import { createMailer } from '@server/mail/mailer';
import { keptAnswersFor } from '@server/http/response-cache';
import { forwardRequest, forwardUpgrade } from './forward';
import botProxy from './plugin';
import { realtimeHeldElsewhere } from '../server/realtime';
import { hostAccounts } from '../server/host-accounts';

/**
 * The bot-proxy on its own, in front of an API elsewhere (API_URL): it answers the Teams
 * auth exchange itself, against the API's database, and forwards everything else (the
 * API under /api, socket.io under /_socket_, and the pages the API serves).
 * `npm start` does not need this: server/app.ts mounts the same plugin in-process.
 */

const OWN_ROUTES = /^\/auth\/teams(\/|\?|$)/;

export async function buildStandaloneBotProxy(options: {
  config: AppConfig;
  apiUrl: URL;
  database: DatabaseHandle;
  logger?: boolean;
}): Promise<App> {
  const { config, apiUrl, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.LOG_LEVEL, serializers: { req: requestForLog } },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    serverFactory: (handler) => {
      const server = http.createServer((request, response) => {
        if (OWN_ROUTES.test(request.url ?? '')) return handler(request, response);
        forwardRequest(apiUrl, request, response, (req, res, error) => {
          app.log.error({ err: error, url: req.url }, 'API unreachable');
          const body: ErrorBody = {
            messages: [
              translator(pickLanguage(req.headers))('teams-host:messages.api_unreachable'),
            ],
            code: 'bad_gateway',
          };
          res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify(body));
        });
      });
      server.on('upgrade', (request, socket, head) =>
        forwardUpgrade(apiUrl, request, socket, head),
      );
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  const redis = config.REDIS_URL ? openRedis(config.REDIS_URL, app.log) : undefined;
  if (redis) app.addHook('onClose', () => void redis.disconnect());
  const deps: AppDeps = {
    config,
    redis,
    database,
    db: database.db,
    signingKeys: await signingKeysFor(database.db, config),
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.DATA_DIR,
      log: app.log,
    }),
    realtime: realtimeHeldElsewhere('the API process behind API_URL'),
    // Events recorded here are relayed and worked by the API process.
    jobs: createJobs(database, { ...config, JOBS_WORK: false }, app.log),
    keptAnswers: keptAnswersFor(config),
  };
  app.decorate('deps', deps);
  app.decorateRequest('lang', 'en');
  app.decorateRequest('t', null as never);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers);
    request.t = translator(request.lang);
  });
  await registerRateLimits(app, redis);
  await app.register(botProxy, { accounts: hostAccounts });
  return app;
}

async function main() {
  const config = loadConfig();
  const apiUrl = process.env.API_URL;
  // The exchange writes users and sessions the API must see and signs tokens it must accept.
  if (!apiUrl || !config.DATABASE_URL || !process.env.JWT_SECRET) {
    throw new Error('The standalone bot-proxy needs API_URL, DATABASE_URL and JWT_SECRET.');
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DATABASE_POOL_MAX,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  const app = await buildStandaloneBotProxy({ config, apiUrl: new URL(apiUrl), database });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ api: apiUrl }, 'Teamloop bot-proxy is ready');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
