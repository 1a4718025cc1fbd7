import { eq, inArray } from 'drizzle-orm';
import type { AccountDeletion, ExportSection } from '../../core/area';
import { deleteRowsOfPerson, rowsOfPerson } from '../../core/export-sections';
import {
  calendarBusyTimes,
  calendarConnections,
  calendarEventAttendees,
  calendarEvents,
  calendarFeeds,
  calendarOauthStates,
  calendarSyncSettings,
} from '../../db/schema';

/** The events a person made and those they attend; whether they have a feed (never its secret). */
export const exportSections: ExportSection[] = [
  {
    name: 'calendar',
    tables: [calendarEvents, calendarEventAttendees, calendarFeeds],
    read: async (db, userId) => {
      const [made, attending, feeds] = await Promise.all([
        db.select().from(calendarEvents).where(eq(calendarEvents.createdBy, userId)),
        rowsOfPerson(
          db,
          calendarEventAttendees.userId,
          userId,
          { event_id: calendarEventAttendees.eventId, title: calendarEvents.title },
          [[calendarEvents, eq(calendarEvents.id, calendarEventAttendees.eventId)]],
        ),
        rowsOfPerson(db, calendarFeeds.userId, userId, { created_at: calendarFeeds.createdAt }),
      ]);
      return {
        events: made.map((event) => ({
          id: event.id,
          title: event.title,
          description: event.description,
          location: event.location,
          start: event.startAt,
          end: event.endAt,
          all_day: event.allDay,
          time_zone: event.timeZone,
          rrule: event.rrule,
          exdates: event.exdates,
          workspace_id: event.workspaceId,
          created_at: event.createdAt,
        })),
        attending,
        feed: feeds[0] ?? null,
      };
    },
  },
  {
    // Which calendars are connected and what was read from them; never a token.
    name: 'calendar_sync',
    tables: [calendarConnections, calendarBusyTimes, calendarSyncSettings, calendarOauthStates],
    read: async (db, userId) => {
      const [connections, busy, settings] = await Promise.all([
        rowsOfPerson(db, calendarConnections.userId, userId, {
          provider: calendarConnections.provider,
          account: calendarConnections.account,
          read_calendar_ids: calendarConnections.readCalendarIds,
          write_calendar_id: calendarConnections.writeCalendarId,
          last_sync_at: calendarConnections.lastSyncAt,
          created_at: calendarConnections.createdAt,
        }),
        rowsOfPerson(db, calendarBusyTimes.userId, userId, {
          start: calendarBusyTimes.startAt,
          end: calendarBusyTimes.endAt,
        }),
        rowsOfPerson(db, calendarSyncSettings.userId, userId, {
          share_busy_times: calendarSyncSettings.shareBusyTimes,
        }),
      ]);
      return { connections, busy_times: busy, settings: settings[0] ?? null };
    },
  },
];

/**
 * A person's events are theirs: deleting the account deletes the events they made (with their
 * attendees), takes them off others' events, ends their feed and forgets their calendar
 * connections (tokens, busy times, choices).
 */
export const accountDeletion: AccountDeletion = {
  erases: [
    calendarEvents,
    calendarEventAttendees,
    calendarFeeds,
    calendarConnections,
    calendarBusyTimes,
    calendarSyncSettings,
    calendarOauthStates,
  ],
  keeps: [],
  erase: async (tx, userId) => {
    const made = tx
      .select({ id: calendarEvents.id })
      .from(calendarEvents)
      .where(eq(calendarEvents.createdBy, userId));
    await tx.delete(calendarEventAttendees).where(inArray(calendarEventAttendees.eventId, made));
    // Connections take their remote copies and busy times with them (foreign keys cascade).
    await deleteRowsOfPerson(
      tx,
      userId,
      calendarEventAttendees.userId,
      calendarEvents.createdBy,
      calendarFeeds.userId,
      calendarBusyTimes.userId,
      calendarConnections.userId,
      calendarSyncSettings.userId,
      calendarOauthStates.userId,
    );
  },
};
