import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { peopleOf, personId, users } from './users';
import { workspaceId, workspaces } from './workspaces';
import {
  createdAt,
  jsonObject,
  optionalParentRef,
  parentKey,
  serialId,
  timestampNow,
  timestampTz,
  weakRef,
} from './columns';

/**
 * In-app notifications (spec 3 "Notification", 7.12). Made by the tasks module for reminders
 * first; the notifications module lists them and marks them read. `kind` plus `data` hold a
 * message key and its values, so the words are chosen in the reader's language when shown.
 * docs/decisions/tasks-notifications.md says why it looks like this.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    userId: personId('user_id'),
    workspaceId: optionalParentRef('workspace_id', () => workspaces.id),
    actorId: weakRef('actor_id', () => users.id),
    kind: text('kind').notNull(),
    referenceType: text('reference_type'),
    referenceId: integer('reference_id'),
    data: jsonObject('data'),
    readAt: timestampTz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

export type NotificationRow = typeof notifications.$inferSelect;

/** Meetings (spec 7.12 `core/meetings`), each also an event a calendar shows. */
export const meetings = pgTable(
  'meetings',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    createdBy: personId('created_by'),
    title: text('title').notNull(),
    description: text('description'),
    startAt: timestampTz('start_at').notNull(),
    endAt: timestampTz('end_at').notNull(),
    /** none, zoom, teams or link. */
    provider: text('provider').notNull().default('none'),
    joinUrl: text('join_url'),
    createdAt: createdAt(),
  },
  (t) => [index('meetings_workspace_idx').on(t.workspaceId, t.startAt)],
);

export const meetingAttendees = peopleOf(
  'meeting_attendees',
  'meetingId',
  'meeting_id',
  () => meetings.id,
  {
    byPerson: true,
  },
);

export type MeetingRow = typeof meetings.$inferSelect;

/**
 * A person's own Zoom account (OAuth authorization code): meetings they make are made on it.
 * Tokens sealed (server/core/seal.ts); Zoom rotates the refresh token on every refresh.
 */
export const zoomConnections = pgTable('zoom_connections', {
  userId: parentKey('user_id', () => users.id),
  accessTokenSealed: text('access_token_sealed').notNull(),
  refreshTokenSealed: text('refresh_token_sealed').notNull(),
  accessTokenExpiresAt: timestampTz('access_token_expires_at').notNull(),
  connectedAt: timestampNow('connected_at'),
});

/** A one-time `state` of a Zoom consent under way (its hash), tied to the person. */
export const zoomOauthStates = pgTable('zoom_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: personId('user_id'),
  expiresAt: timestampTz('expires_at').notNull(),
});

/**
 * A browser that allowed push (Web Push, RFC 8030): its push service endpoint and the keys the
 * payload is encrypted to (RFC 8291). One row per browser; the endpoint names it, so a browser
 * that subscribes again updates its row, and one that moves to another account moves with it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serialId(),
    userId: personId('user_id'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
