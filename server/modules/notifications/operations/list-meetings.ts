import { and, asc, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { meetingsQuery } from '@contracts/notifications';
import type { Actor } from '../../../core/actor';
import { meetingAttendees, meetings } from '../../../db/schema';
import { attendeesOf, presentMeeting } from '../meetings';
import type { NotificationsDeps } from './deps';

/** Meetings the actor made or attends, between two times if given, as a calendar shows them. */
export async function listMeetings(
  deps: NotificationsDeps,
  actor: Actor,
  input: z.output<typeof meetingsQuery>,
) {
  const { db } = deps;
  const { from, to } = input;
  const attending = db
    .select({ id: meetingAttendees.meetingId })
    .from(meetingAttendees)
    .where(eq(meetingAttendees.userId, actor.userId));
  const where: SQL[] = [or(eq(meetings.createdBy, actor.userId), inArray(meetings.id, attending))!];
  if (from) where.push(gte(meetings.endAt, new Date(from)));
  if (to) where.push(lte(meetings.startAt, new Date(to)));
  const rows = await db
    .select()
    .from(meetings)
    .where(and(...where))
    .orderBy(asc(meetings.startAt), asc(meetings.id))
    .limit(500);
  const attendees = await attendeesOf(
    db,
    rows.map((r) => r.id),
  );
  return { meetings: rows.map((row) => presentMeeting(row, attendees.get(row.id) ?? [])) };
}
