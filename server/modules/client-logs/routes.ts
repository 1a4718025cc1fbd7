import { z } from 'zod';
import { clientLogRecord } from '@contracts/client-logs';
import { envelope } from '@contracts/common';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { recordClientLog } from './operations/record-client-log';

export default async function clientLogRoutes(app: App) {
  app.post(
    '/logs',
    {
      schema: {
        tags: ['logs'],
        summary: 'Store a client log record (spec 7.1)',
        body: clientLogRecord,
        response: { 201: envelope(z.object({ id: z.number() })) },
      },
      // Open to signed-out clients (errors happen before sign-in), so it is rate limited.
      config: { rateLimit: { max: 120, timeWindow: 60_000 }, public: true },
    },
    async (request, reply) => {
      const actor = request.auth ? actorOf(request) : null;
      const log = await recordClientLog(app.deps, actor, {
        record: request.body,
        requestId: request.id,
      });
      return reply.status(201).send(ok(log));
    },
  );
}
