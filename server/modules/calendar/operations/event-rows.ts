import { and, eq, inArray, ne } from 'drizzle-orm';
import type { CalendarEvent } from '@contracts/calendar';
import type { Actor } from '../../../core/actor';
import { personColumns, presentPerson } from '../../../core/people';
import { workspaceAccessFor } from '../../../core/workspace-access';
import type { DbOrTx } from '../../../db/client';
import {
  calendarEventAttendees,
  calendarEvents,
  meetingAttendees,
  meetings,
  tasks,
  users,
  workspaceMembers,
  type CalendarEventRow,
} from '../../../db/schema';
import { forbidden, notFound, validationFailed } from '../../../http/errors';
import { lastEnd, parseRule } from '../recurrence';

/** An event as the caller may see it: its creator and attendees; anyone else gets 404. */
export async function loadEvent(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: { change?: boolean } = {},
): Promise<{ event: CalendarEventRow; attendeeIds: number[] }> {
  const [event] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
  if (!event) throw notFound('calendar:messages.event_not_found');
  const attendeeIds = (
    await db
      .select({ userId: calendarEventAttendees.userId })
      .from(calendarEventAttendees)
      .where(eq(calendarEventAttendees.eventId, id))
  ).map((row) => row.userId);
  const mine = event.createdBy === actor.userId;
  if (!mine && !attendeeIds.includes(actor.userId)) {
    throw notFound('calendar:messages.event_not_found');
  }
  // Attendees see the event; only the one who made it changes it.
  if (options.change && !mine) throw forbidden();
  return { event, attendeeIds };
}

export async function presentEvent(
  db: DbOrTx,
  event: CalendarEventRow,
  attendeeIds: number[],
): Promise<CalendarEvent> {
  const people =
    attendeeIds.length === 0
      ? []
      : await db
          .select(personColumns)
          .from(users)
          .where(inArray(users.id, attendeeIds))
          .orderBy(users.firstName, users.lastName, users.id);
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    location: event.location,
    start: event.startAt.toISOString(),
    end: event.endAt.toISOString(),
    all_day: event.allDay,
    time_zone: event.timeZone,
    rrule: event.rrule,
    exdates: event.exdates,
    workspace_id: event.workspaceId,
    task_id: event.taskId,
    meeting_id: event.meetingId,
    attendees: people.map(presentPerson),
    created_by: event.createdBy,
    created_at: event.createdAt.toISOString(),
    updated_at: event.updatedAt.toISOString(),
  };
}

/** An event's fields once read from a body and merged with what it had. */
export interface EventFields {
  title: string;
  description: string;
  location: string;
  start: string;
  end: string;
  all_day: boolean;
  time_zone: string;
  rrule: string | null;
  exdates: string[];
  workspace_id: number | null;
  attendee_ids: number[];
  task_id: number | null;
  meeting_id: number | null;
}

/**
 * Checks what no schema can: the order of start and end, the rule, and that attendees, the
 * task and the meeting belong where the event is. Returns the row's values.
 */
export async function checkedEventValues(db: DbOrTx, actor: Actor, fields: EventFields) {
  const startAt = new Date(fields.start);
  const endAt = new Date(fields.end);
  if (endAt <= startAt) throw validationFailed({ end: 'calendar:messages.end_before_start' });
  const rrule = fields.rrule?.trim().replace(/^RRULE:/i, '') || null;
  if (rrule !== null && !parseRule(rrule)) {
    throw validationFailed({ rrule: 'calendar:messages.rrule_invalid' });
  }
  const attendeeIds = [...new Set(fields.attendee_ids)].filter((id) => id !== actor.userId);
  const workspaceId = fields.workspace_id;
  if (workspaceId === null) {
    if (attendeeIds.length > 0) {
      throw validationFailed({ workspace_id: 'calendar:messages.workspace_required' });
    }
    if (fields.task_id !== null) {
      throw validationFailed({ workspace_id: 'calendar:messages.workspace_required' });
    }
  } else {
    await workspaceAccessFor(db, actor, workspaceId, 'view_workspace', { change: true });
    if (attendeeIds.length > 0) {
      const members = await db
        .select({ userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .where(
          and(
            eq(workspaceMembers.workspaceId, workspaceId),
            inArray(workspaceMembers.userId, attendeeIds),
            ne(workspaceMembers.role, 'deactive'),
          ),
        );
      if (members.length !== attendeeIds.length) {
        throw validationFailed({ attendee_ids: 'calendar:messages.attendee_not_member' });
      }
    }
    if (fields.task_id !== null) {
      const [task] = await db
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.id, fields.task_id), eq(tasks.workspaceId, workspaceId)));
      if (!task) throw validationFailed({ task_id: 'calendar:messages.task_unknown' });
    }
  }
  if (fields.meeting_id !== null) {
    const [meeting] = await db
      .select({ id: meetings.id, createdBy: meetings.createdBy })
      .from(meetings)
      .where(eq(meetings.id, fields.meeting_id));
    const attends =
      meeting &&
      (meeting.createdBy === actor.userId ||
        (
          await db
            .select({ userId: meetingAttendees.userId })
            .from(meetingAttendees)
            .where(
              and(
                eq(meetingAttendees.meetingId, meeting.id),
                eq(meetingAttendees.userId, actor.userId),
              ),
            )
        ).length > 0);
    if (!attends) throw validationFailed({ meeting_id: 'calendar:messages.meeting_unknown' });
  }
  const exdates = [...new Set(fields.exdates.map((date) => new Date(date).toISOString()))].sort();
  const values = {
    title: fields.title.trim(),
    description: fields.description,
    location: fields.location,
    startAt,
    endAt,
    allDay: fields.all_day,
    timeZone: fields.time_zone,
    rrule,
    exdates,
    workspaceId,
    taskId: fields.task_id,
    meetingId: fields.meeting_id,
  };
  const lastEndAt = lastEnd({ startAt, endAt, timeZone: fields.time_zone, rrule, exdates });
  return { values: { ...values, lastEndAt }, attendeeIds };
}

/** Replaces the event's attendees; returns those who were not on it before. */
export async function writeAttendees(
  tx: DbOrTx,
  eventId: number,
  attendeeIds: number[],
  before: number[] = [],
) {
  const removed = before.filter((id) => !attendeeIds.includes(id));
  const added = attendeeIds.filter((id) => !before.includes(id));
  if (removed.length > 0) {
    await tx
      .delete(calendarEventAttendees)
      .where(
        and(
          eq(calendarEventAttendees.eventId, eventId),
          inArray(calendarEventAttendees.userId, removed),
        ),
      );
  }
  if (added.length > 0) {
    await tx
      .insert(calendarEventAttendees)
      .values(added.map((userId) => ({ eventId, userId })))
      .onConflictDoNothing();
  }
  return added;
}
