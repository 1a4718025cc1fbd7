import { and, asc, eq, gt, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { CalendarItemKind } from '@contracts/calendar';
import type { TodoItem } from '@contracts/tasks';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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

/** The columns a person's own-or-attended rows are read by (events, meetings). */
interface Shared {
  id: PgColumn;
  createdBy: PgColumn;
  startAt: PgColumn;
  workspaceId: PgColumn;
}

/**
 * Made by the person or attended by them (`attendees`: the table, its column naming the row and
 * its column naming the person), overlapping the range (`endsAfter` says how a row ends), in
 * its workspace.
 */
function madeOrAttended(
  db: DbOrTx,
  userId: number,
  range: Range,
  columns: Shared,
  [table, parentId, attendee]: [PgTable, PgColumn, PgColumn],
  endsAfter: (from: Date) => SQL | undefined,
) {
  const attending = db.select({ id: parentId }).from(table).where(eq(attendee, userId));
  return and(
    or(eq(columns.createdBy, userId), inArray(columns.id, attending)),
    range.to ? lt(columns.startAt, range.to) : undefined,
    range.from ? endsAfter(range.from) : undefined,
    range.workspaceId === undefined ? undefined : eq(columns.workspaceId, range.workspaceId),
  );
}

/** Events the person made or attends that may have an occurrence in the range. */
export function eventsOf(db: DbOrTx, userId: number, range: Range) {
  const a = calendarEventAttendees;
  const lastEnd = calendarEvents.lastEndAt;
  const where = madeOrAttended(
    db,
    userId,
    range,
    calendarEvents,
    [a, a.eventId, a.userId],
    (from) => or(isNull(lastEnd), gt(lastEnd, from)),
  );
  return db.select().from(calendarEvents).where(where).orderBy(asc(calendarEvents.startAt));
}

/** Meetings the person made or attends, in the range. */
export function meetingsOf(db: DbOrTx, userId: number, range: Range) {
  const a = meetingAttendees;
  const where = madeOrAttended(db, userId, range, meetings, [a, a.meetingId, a.userId], (from) =>
    gt(meetings.endAt, from),
  );
  return db.select().from(meetings).where(where).orderBy(asc(meetings.startAt));
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
