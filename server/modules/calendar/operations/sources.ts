import { and, asc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { CalendarItemKind } from '@contracts/calendar';
import type { TodoItem } from '@contracts/tasks';
import { todoFor } from '../../../core/todo-sources';
import type { DbOrTx } from '../../../db/client';
import {
  calendarEventAttendees,
  calendarEvents,
  meetingAttendees,
  meetings,
} from '../../../db/schema';

/**
 * What a person's calendar is made of, for the range view and the ICS feed alike: their events
 * (made or attended), the deadlines and check-ins of their to-do (the same sources as My work,
 * core/todo-sources.ts), and the meetings they made or attend.
 */
export interface Range {
  from?: Date;
  to?: Date;
  workspaceId?: number;
}

/** Events the person made or attends that may have an occurrence in the range. */
export function eventsOf(db: DbOrTx, userId: number, range: Range) {
  const attending = db
    .select({ id: calendarEventAttendees.eventId })
    .from(calendarEventAttendees)
    .where(eq(calendarEventAttendees.userId, userId));
  return db
    .select()
    .from(calendarEvents)
    .where(
      and(
        or(eq(calendarEvents.createdBy, userId), inArray(calendarEvents.id, attending)),
        range.to ? lt(calendarEvents.startAt, range.to) : undefined,
        range.from
          ? or(isNull(calendarEvents.lastEndAt), gt(calendarEvents.lastEndAt, range.from))
          : undefined,
        range.workspaceId === undefined
          ? undefined
          : eq(calendarEvents.workspaceId, range.workspaceId),
      ),
    )
    .orderBy(asc(calendarEvents.startAt), asc(calendarEvents.id));
}

/** Meetings the person made or attends, in the range. */
export function meetingsOf(db: DbOrTx, userId: number, range: Range) {
  const attending = db
    .select({ id: meetingAttendees.meetingId })
    .from(meetingAttendees)
    .where(eq(meetingAttendees.userId, userId));
  return db
    .select()
    .from(meetings)
    .where(
      and(
        or(eq(meetings.createdBy, userId), inArray(meetings.id, attending)),
        range.to ? lt(meetings.startAt, range.to) : undefined,
        range.from ? gt(meetings.endAt, range.from) : undefined,
        range.workspaceId === undefined ? undefined : eq(meetings.workspaceId, range.workspaceId),
      ),
    )
    .orderBy(asc(meetings.startAt), asc(meetings.id));
}

const KIND_OF_TODO: Record<TodoItem['kind'], CalendarItemKind> = {
  hand_in: 'task_deadline',
  review: 'task_deadline',
  answer: 'assessment_deadline',
  check_in: 'check_in',
};

export interface Deadline {
  kind: CalendarItemKind;
  id: number;
  title: string;
  at: Date;
  workspaceId: number;
  link: string;
}

/** Dated items of the person's to-do (work to hand in or review, 360s, check-ins) in the range. */
export async function deadlinesOf(
  db: DbOrTx,
  user: { id: number; role: string },
  range: Range,
): Promise<Deadline[]> {
  const todo = await todoFor(db, user, { workspaceId: range.workspaceId });
  const seen = new Set<string>();
  const deadlines: Deadline[] = [];
  for (const item of todo) {
    if (item.expired_at === null) continue;
    const at = new Date(item.expired_at);
    if ((range.from && at < range.from) || (range.to && at >= range.to)) continue;
    const kind = KIND_OF_TODO[item.kind];
    // Work of one's own and a review on one task show once.
    if (seen.has(`${kind}:${item.id}`)) continue;
    seen.add(`${kind}:${item.id}`);
    deadlines.push({
      kind,
      id: item.id,
      title: item.name,
      at,
      workspaceId: item.workspace_id,
      link: item.link,
    });
  }
  return deadlines;
}

/** Where a meeting opens in the app: the calendar, on the meeting. */
export const meetingPath = (id: number) => `/calendar?meeting=${id}`;
