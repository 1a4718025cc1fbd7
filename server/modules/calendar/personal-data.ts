import { eq, inArray } from 'drizzle-orm';
import type { AccountDeletion, ExportSection } from '../../core/area';
import { calendarEventAttendees, calendarEvents, calendarFeeds } from '../../db/schema';

/** The events a person made and those they attend; whether they have a feed (never its secret). */
export const exportSections: ExportSection[] = [
  {
    name: 'calendar',
    tables: [calendarEvents, calendarEventAttendees, calendarFeeds],
    read: async (db, userId) => {
      const [made, attending, feeds] = await Promise.all([
        db.select().from(calendarEvents).where(eq(calendarEvents.createdBy, userId)),
        db
          .select({ event_id: calendarEventAttendees.eventId, title: calendarEvents.title })
          .from(calendarEventAttendees)
          .innerJoin(calendarEvents, eq(calendarEvents.id, calendarEventAttendees.eventId))
          .where(eq(calendarEventAttendees.userId, userId)),
        db
          .select({ created_at: calendarFeeds.createdAt })
          .from(calendarFeeds)
          .where(eq(calendarFeeds.userId, userId)),
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
];

/**
 * A person's events are theirs: deleting the account deletes the events they made (with their
 * attendees), takes them off others' events and ends their feed.
 */
export const accountDeletion: AccountDeletion = {
  erases: [calendarEvents, calendarEventAttendees, calendarFeeds],
  keeps: [],
  erase: async (tx, userId) => {
    const made = tx
      .select({ id: calendarEvents.id })
      .from(calendarEvents)
      .where(eq(calendarEvents.createdBy, userId));
    await tx.delete(calendarEventAttendees).where(inArray(calendarEventAttendees.eventId, made));
    await tx.delete(calendarEventAttendees).where(eq(calendarEventAttendees.userId, userId));
    await tx.delete(calendarEvents).where(eq(calendarEvents.createdBy, userId));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  },
};
