import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { personId, users } from './users';
import { createdAt, jsonList, parentKey, parentRef, serialId, timestampTz } from './columns';

/**
 * Sync with Outlook (Microsoft Graph) and Google Calendar (issue 31): one connection per person
 * and provider, the mapping of our events to the remote ones, busy ranges read from the
 * calendars the person picked, and one-time OAuth states. docs/decisions/calendar.md.
 */
export interface RemoteCalendarEntry {
  id: string;
  name: string;
  primary: boolean;
  /** Whether we may write events to it. */
  writable: boolean;
}

export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: serialId(),
    userId: personId('user_id'),
    /** `google` or `outlook`. */
    provider: text('provider').notNull(),
    /** The remote account's address, as the provider names it (shown, never used to sign in). */
    account: text('account').notNull().default(''),
    /** AES-256-GCM under a key derived from JWT_SECRET; never returned by the API. */
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed'),
    accessTokenExpiresAt: timestampTz('access_token_expires_at'),
    calendars: jsonList<RemoteCalendarEntry>('calendars'),
    readCalendarIds: jsonList<string>('read_calendar_ids'),
    writeCalendarId: text('write_calendar_id'),
    /** The provider's sync token (Google) or deltaLink (Graph) of the write calendar. */
    syncCursor: text('sync_cursor'),
    /** Set while a sync runs, so the job and "sync now" never run one connection twice at once. */
    syncStartedAt: timestampTz('sync_started_at'),
    lastSyncAt: timestampTz('last_sync_at'),
    /** `ok` or `failed`, with counts or a reason in `lastSyncDetail`. */
    lastSyncStatus: text('last_sync_status'),
    lastSyncDetail: jsonb('last_sync_detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_connections_user_provider_idx').on(t.userId, t.provider)],
);

/**
 * Our event (by its uid) as written to a connection's calendar. `remoteId` null: the copy was
 * deleted there and stays away until our event changes (its sequence passes `syncedSequence`).
 */
export const calendarEventRemotes = pgTable(
  'calendar_event_remotes',
  {
    connectionId: parentRef('connection_id', () => calendarConnections.id),
    eventUid: text('event_uid').notNull(),
    remoteId: text('remote_id'),
    syncedSequence: integer('synced_sequence').notNull(),
    remoteUpdatedAt: timestampTz('remote_updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.eventUid] }),
    index('calendar_event_remotes_remote_idx').on(t.connectionId, t.remoteId),
  ],
);

/** Busy ranges only (no titles), read from the calendars a person picked. */
export const calendarBusyTimes = pgTable(
  'calendar_busy_times',
  {
    id: serialId(),
    connectionId: parentRef('connection_id', () => calendarConnections.id),
    userId: personId('user_id'),
    startAt: timestampTz('start_at').notNull(),
    endAt: timestampTz('end_at').notNull(),
  },
  (t) => [index('calendar_busy_times_user_idx').on(t.userId, t.startAt)],
);

/** A person's sync choices that are not a connection's: whether team formation sees busy times. */
export const calendarSyncSettings = pgTable('calendar_sync_settings', {
  userId: parentKey('user_id', () => users.id),
  shareBusyTimes: boolean('share_busy_times').notNull().default(false),
});

/** OAuth `state` values handed out by a login route, used once by the callback. */
export const calendarOauthStates = pgTable('calendar_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: personId('user_id'),
  provider: text('provider').notNull(),
  expiresAt: timestampTz('expires_at').notNull(),
});

export type CalendarConnectionRow = typeof calendarConnections.$inferSelect;
