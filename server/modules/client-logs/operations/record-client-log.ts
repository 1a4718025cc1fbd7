import type { z } from 'zod';
import type { clientLogRecord } from '@contracts/client-logs';
import type { AppDeps } from '../../../context';
import type { Actor } from '../../../core/actor';
import { clientLogs } from '../../../db/schema';

/**
 * Stores a client's log record, open to signed-out clients (errors happen before sign-in).
 * The person is the actor, never what the record claims.
 */
export async function recordClientLog(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor | null,
  input: { record: z.output<typeof clientLogRecord>; requestId: string },
) {
  const { record } = input;
  const [row] = await deps.db
    .insert(clientLogs)
    .values({
      userId: actor?.userId ?? null,
      platform: record.platform,
      tag: record.tag,
      environment: record.environment,
      type: record.type,
      url: record.url,
      action: record.action,
      description: record.description,
      requestId: record.request_id ?? input.requestId,
    })
    .returning({ id: clientLogs.id });
  return { id: row.id };
}
