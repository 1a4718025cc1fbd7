import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, timestampTz } from './columns';

/**
 * The transactional outbox (docs/decisions/events-and-jobs.md): a change writes its domain
 * event here in its own transaction, so an event exists exactly when the change committed.
 * The relay turns each row into one pg-boss job per handler and stamps `relayed_at`.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    relayedAt: timestampTz('relayed_at'),
  },
  (t) => [
    index('outbox_events_unrelayed_idx')
      .on(t.id)
      .where(sql`${t.relayedAt} is null`),
  ],
);

/**
 * Effects a handler has already made, by key (event, handler, recipient): a handler writes
 * its key in the same transaction as its effect, so a job run twice makes it once.
 */
export const jobEffects = pgTable('job_effects', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
});

export type OutboxEventRow = typeof outboxEvents.$inferSelect;
