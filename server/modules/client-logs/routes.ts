import { z } from 'zod';
import { clientLogRecord } from '@contracts/client-logs';
import { envelope } from '@contracts/common';
import { clientLogs } from '../../db/schema';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';

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
      const record = request.body;
      // The user is who the token says, never what the body claims.
      const [row] = await app.deps.db
        .insert(clientLogs)
        .values({
          userId: request.auth?.user.id ?? null,
          platform: record.platform,
          tag: record.tag,
          environment: record.environment,
          type: record.type,
          url: record.url,
          action: record.action,
          description: record.description,
          requestId: request.id,
        })
        .returning({ id: clientLogs.id });
      return reply.status(201).send(ok({ id: row.id }));
    },
  );
}
