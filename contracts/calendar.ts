import { z } from 'zod';
import { rowId, rowIdText } from './common';
import { person } from './people';

/**
 * The calendar (spec 3 "Calendar event", 7.18, meetings of 7.12): one view of a person's events,
 * their task and assessment deadlines, OKR check-in dates and meetings, and an ICS feed any
 * calendar subscribes to. Routes under /api/v2/core; docs/decisions/calendar.md.
 */
export const CALENDAR_ITEM_KINDS = [
  'event',
  'meeting',
  'task_deadline',
  'assessment_deadline',
  'check_in',
] as const;
export type CalendarItemKind = (typeof CALENDAR_ITEM_KINDS)[number];

/** The longest range one `GET core/calendar` covers. */
export const CALENDAR_RANGE_MAX_DAYS = 400;
export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 4000;
export const EVENT_ATTENDEES_MAX = 100;

/** An instant as ISO 8601 with its offset or Z, e.g. 2026-11-27T09:00:00+07:00. */
const instant = z.iso.datetime({ offset: true });
/** An IANA time zone the runtime knows (Asia/Ho_Chi_Minh, Europe/Berlin ...). */
export const timeZoneName = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'calendar:messages.time_zone_unknown');

/**
 * One thing on the calendar. An event repeating by its rule shows once per occurrence in the
 * range (`occurrence` is that occurrence's original start, for changing or deleting just it).
 */
export const calendarItem = z.object({
  /** Unique in one answer: `<kind>:<id>` and, for an occurrence, `:<occurrence>`. */
  key: z.string(),
  kind: z.enum(CALENDAR_ITEM_KINDS),
  /** The event's, meeting's, task's, assessment's or objective's id. */
  id: z.number().int(),
  title: z.string(),
  start: z.string(),
  /** Null for a deadline (a moment). */
  end: z.string().nullable(),
  all_day: z.boolean(),
  time_zone: z.string(),
  workspace_id: z.number().int().nullable(),
  /** Where in the app the record is (e.g. /workspaces/3/tasks/5), or null. */
  link: z.string().nullable(),
  /** The occurrence's original start for a repeating event, else null. */
  occurrence: z.string().nullable(),
  recurring: z.boolean(),
  /** Whether the person may change it (their own events). */
  editable: z.boolean(),
});
export type CalendarItem = z.infer<typeof calendarItem>;

export const calendarQuery = z.object({
  from: instant,
  to: instant,
  /** Only what concerns one workspace. */
  workspace_id: rowIdText.optional(),
});
export const calendarList = z.object({ items: z.array(calendarItem) });

export const calendarEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  start: z.string(),
  end: z.string(),
  all_day: z.boolean(),
  time_zone: z.string(),
  /** RFC 5545 RRULE (without the `RRULE:` prefix), e.g. FREQ=WEEKLY;BYDAY=MO;COUNT=10, or null. */
  rrule: z.string().nullable(),
  /** Original starts of occurrences taken out of the rule. */
  exdates: z.array(z.string()),
  workspace_id: z.number().int().nullable(),
  task_id: z.number().int().nullable(),
  meeting_id: z.number().int().nullable(),
  attendees: z.array(person),
  created_by: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;
export const calendarEventResource = z.object({ event: calendarEvent });

const eventFields = {
  title: z.string().trim().min(1).max(EVENT_TITLE_MAX),
  description: z.string().max(EVENT_DESCRIPTION_MAX).default(''),
  location: z.string().max(300).default(''),
  start: instant,
  end: instant,
  all_day: z.boolean().default(false),
  time_zone: timeZoneName,
  rrule: z.string().max(500).nullable().default(null),
  exdates: z.array(instant).max(500).default([]),
  /** Attendees must be members of this workspace (required when there are attendees). */
  workspace_id: rowId.nullable().default(null),
  attendee_ids: z.array(rowId).max(EVENT_ATTENDEES_MAX).default([]),
  task_id: rowId.nullable().default(null),
  meeting_id: rowId.nullable().default(null),
};
export const createEventBody = z.object(eventFields);
export type CreateEventBody = z.input<typeof createEventBody>;
/** Fields left out stay as they are. */
export const updateEventBody = z.object({
  title: eventFields.title.optional(),
  description: z.string().max(EVENT_DESCRIPTION_MAX).optional(),
  location: z.string().max(300).optional(),
  start: instant.optional(),
  end: instant.optional(),
  all_day: z.boolean().optional(),
  time_zone: timeZoneName.optional(),
  rrule: z.string().max(500).nullable().optional(),
  exdates: z.array(instant).max(500).optional(),
  workspace_id: rowId.nullable().optional(),
  attendee_ids: z.array(rowId).max(EVENT_ATTENDEES_MAX).optional(),
  task_id: rowId.nullable().optional(),
  meeting_id: rowId.nullable().optional(),
});
export type UpdateEventBody = z.input<typeof updateEventBody>;

/** Deleting one occurrence of a repeating event (its original start) instead of all of them. */
export const deleteEventQuery = z.object({ occurrence: instant.optional() });
export const eventParams = z.object({ id: rowIdText });

/** The person's ICS feed: a secret address any calendar subscribes to. */
export const calendarFeed = z.object({ url: z.string() });

/** Calendar sync (issue 31): Outlook through Microsoft Graph, Google Calendar through its API. */
export const SYNC_PROVIDERS = ['google', 'outlook'] as const;
export type SyncProvider = (typeof SYNC_PROVIDERS)[number];
export const syncProviderParams = z.object({ provider: z.enum(SYNC_PROVIDERS) });

export const remoteCalendar = z.object({
  id: z.string(),
  name: z.string(),
  primary: z.boolean(),
  writable: z.boolean(),
});
/** What a sync did (counts), or why it failed (`reason`: a code the screen words). */
export const syncDetail = z.object({
  pushed: z.number().int().optional(),
  pulled: z.number().int().optional(),
  deleted_here: z.number().int().optional(),
  deleted_there: z.number().int().optional(),
  busy: z.number().int().optional(),
  reason: z.string().optional(),
});
export type SyncDetail = z.infer<typeof syncDetail>;
export const syncConnection = z.object({
  account: z.string(),
  calendars: z.array(remoteCalendar),
  read_calendar_ids: z.array(z.string()),
  write_calendar_id: z.string().nullable(),
  last_sync_at: z.string().nullable(),
  /** `ok` or `failed`; null before the first sync. */
  last_sync_status: z.enum(['ok', 'failed']).nullable(),
  /** What the last sync did (counts) or why it failed. */
  last_sync_detail: syncDetail.nullable(),
});
export const syncProviderState = z.object({
  provider: z.enum(SYNC_PROVIDERS),
  /** False when the administrator has not configured the provider: it is off. */
  configured: z.boolean(),
  connection: syncConnection.nullable(),
});
export const calendarSyncState = z.object({
  providers: z.array(syncProviderState),
  /** Whether team formation may count the person's busy times against their free hours. */
  share_busy_times: z.boolean(),
});
export type CalendarSyncState = z.infer<typeof calendarSyncState>;

export const chooseCalendarsBody = z.object({
  read_calendar_ids: z.array(z.string().min(1).max(500)).max(50),
  write_calendar_id: z.string().min(1).max(500).nullable(),
});
export type ChooseCalendarsBody = z.input<typeof chooseCalendarsBody>;
export const syncSettingsBody = z.object({ share_busy_times: z.boolean() });
/** Where the browser goes to give consent. */
export const syncLogin = z.object({ url: z.string() });
export const oauthCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});
export const busyQuery = z.object({ from: instant, to: instant });
export const busyList = z.object({
  busy: z.array(z.object({ start: z.string(), end: z.string() })),
});
