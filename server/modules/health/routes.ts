import { z } from 'zod';
import type { App } from '../../http/types';

const healthBody = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
  uptime_seconds: z.number(),
});

export default async function healthRoutes(app: App) {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthBody, 503: healthBody },
      },
    },
    async (_request, reply) => {
      const reachable = await app.deps.database.ping();
      const body = {
        status: reachable ? ('ok' as const) : ('degraded' as const),
        database: { kind: app.deps.database.kind, reachable },
        uptime_seconds: Math.round(process.uptime()),
      };
      return reply.status(reachable ? 200 : 503).send(body);
    },
  );
}
