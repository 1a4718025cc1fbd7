import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { meetings } from './notifications';
import { tasks } from './tasks';
import { peopleOf, personId, users } from './users';
import { workspaces } from './workspaces';
import {
  createdAt,
  jsonList,
  optionalParentRef,
  parentKey,
  serialId,
  timestampTz,
  timestamps,
  weakRef,
} from './columns';

/**
 * Calendar events (spec 3 "Calendar event", 7.18): a person's own, optionally in a workspace
 * with attendees from it, optionally repeating by an RFC 5545 RRULE expanded in `time_zone`.
 * `uid` is the event's iCalendar UID, stable for its life: the ICS feed uses it, and a later
 * sync with Outlook or Google maps our events to theirs by it (both take an iCalUID) and by a
 * mapping table of its own. `sequence` goes up on every change (RFC 5545 SEQUENCE).
 * docs/decisions/calendar.md.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serialId(),
    uid: text('uid').notNull(),
    createdBy: personId('created_by'),
    workspaceId: optionalParentRef('workspace_id', () => workspaces.id),
    taskId: weakRef('task_id', () => tasks.id),
    meetingId: weakRef('meeting_id', () => meetings.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    startAt: timestampTz('start_at').notNull(),
    endAt: timestampTz('end_at').notNull(),
    allDay: boolean('all_day').notNull().default(false),
    timeZone: text('time_zone').notNull(),
    /** Without the `RRULE:` prefix; null for a single event. */
    rrule: text('rrule'),
    /** Original starts (ISO instants) of occurrences taken out of the rule. */
    exdates: jsonList<string>('exdates'),
    /** The last occurrence's end, or null when the rule never ends: what a range reads by. */
    lastEndAt: timestampTz('last_end_at'),
    sequence: integer('sequence').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('calendar_events_uid_idx').on(t.uid),
    index('calendar_events_creator_idx').on(t.createdBy, t.startAt),
    index('calendar_events_workspace_idx').on(t.workspaceId),
  ],
);

export const calendarEventAttendees = peopleOf(
  'calendar_event_attendees',
  'eventId',
  'event_id',
  () => calendarEvents.id,
  {
    byPerson: true,
  },
);

/**
 * A person's ICS feed. Its secret is an HMAC of `salt` with the server's secret, so the row
 * alone does not give the address; only the secret's SHA-256 is kept, to find the feed by.
 * A reset draws a new salt.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: parentKey('user_id', () => users.id),
    salt: text('salt').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_idx').on(t.tokenHash)],
);

export type CalendarEventRow = typeof calendarEvents.$inferSelect;
