import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * In-app notifications (spec 3 "Notification", 7.12). Made by the tasks module for reminders
 * first; the notifications module lists them and marks them read. `kind` plus `data` hold a
 * message key and its values, so the words are chosen in the reader's language when shown.
 * docs/decisions/tasks-notifications.md says why it looks like this.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: integer('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    referenceType: text('reference_type'),
    referenceId: integer('reference_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

export type NotificationRow = typeof notifications.$inferSelect;

/** Meetings (spec 7.12 `core/meetings`), each also an event a calendar shows. */
export const meetings = pgTable(
  'meetings',
  {
    id: serial('id').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** none, zoom, teams or link. */
    provider: text('provider').notNull().default('none'),
    joinUrl: text('join_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meetings_workspace_idx').on(t.workspaceId, t.startAt)],
);

export const meetingAttendees = pgTable(
  'meeting_attendees',
  {
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.userId] }),
    index('meeting_attendees_user_idx').on(t.userId),
  ],
);

export type MeetingRow = typeof meetings.$inferSelect;
