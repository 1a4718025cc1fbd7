import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { personId } from './users';

/**
 * Writes a client may send again after an answer it did not get (a 503, a cut connection),
 * each under the `Idempotency-Key` it sent: the key of one person's action maps to what the
 * first request made, written in that request's transaction (server/core/idempotency.ts).
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: personId('user_id'),
    key: uuid('key').notNull(),
    /** What the request made: chat_message, okr_check_in, task_hand_in, assessment_answer. */
    kind: text('kind').notNull(),
    /** sha256 of what the request asked (its target and body): the same key asks the same. */
    fingerprint: text('fingerprint').notNull(),
    /** The row the first request made (or, for a hand-in, its report). */
    resultId: integer('result_id').notNull(),
    createdAt: createdAt(),
  },
  // Old keys are forgotten per person (user_id, the key's first column), so no other index.
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
