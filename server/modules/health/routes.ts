import { once } from 'node:events';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS } from '../../http/error-handler';
import type { App } from '../../http/types';

const liveBody = z.object({ status: z.literal('ok'), uptime_seconds: z.number() });

const readyBody = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
  /** Present when REDIS_URL is set. */
  redis: z.object({ reachable: z.boolean() }).optional(),
  uptime_seconds: z.number(),
});

/** A dependency that does not answer within this time counts as unreachable. */
const CHECK_TIMEOUT_MS = 2_000;

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (`/health/live`): the process answers; it touches nothing, so a slow database never
 * gets a healthy process restarted. Readiness (`/health/ready`, and `/health` as before): the
 * database answers, and Redis when configured; 503 otherwise, so a load balancer sends no
 * traffic here until they do. `probes` names them as Kubernetes does (`/livez`, `/readyz` and
 * `/healthz`, at the root): without them those paths would answer the app's page with 200.
 */
function healthRoutes(urls: { live: string[]; ready: string[] }) {
  return async (app: App) => {
    const { database, redis } = app.deps;

    for (const url of urls.live) {
      app.get(
        url,
        {
          config: { public: true },
          schema: {
            tags: ['health'],
            summary: 'Liveness: the process answers (checks nothing else)',
            response: { 200: liveBody },
          },
        },
        async () => ({ status: 'ok' as const, uptime_seconds: Math.round(process.uptime()) }),
      );
    }

    const readiness = {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database (and Redis when configured) answer',
        response: { 200: readyBody, 503: readyBody },
      },
    };
    for (const url of urls.ready) {
      app.get(url, readiness, async (_request, reply) => {
        const [databaseUp, redisUp] = await Promise.all([
          answers(async () => {
            if (!(await database.ping())) throw new Error('database ping failed');
          }),
          redis
            ? answers(async () => {
                // Commands fail at once while (re)connecting: wait for the connection first.
                if (redis.status !== 'ready') await once(redis, 'ready');
                await redis.ping();
              })
            : Promise.resolve(undefined),
        ]);
        const ready = databaseUp && redisUp !== false;
        if (!ready) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return reply.status(ready ? 200 : 503).send({
          status: ready ? ('ok' as const) : ('degraded' as const),
          database: { kind: database.kind, reachable: databaseUp },
          redis: redisUp === undefined ? undefined : { reachable: redisUp },
          uptime_seconds: Math.round(process.uptime()),
        });
      });
    }
  };
}

/** Under the API prefix. */
export default healthRoutes({ live: ['/health/live'], ready: ['/health', '/health/ready'] });

/** At the root of the site, for orchestrators' probes. */
export const probes = healthRoutes({ live: ['/livez'], ready: ['/readyz', '/healthz'] });
