import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { meetingAttendees, meetings, users } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { meetingIcs } from '../ics';
import { attendeesOf, presentMeeting } from '../meetings';
import type { NotificationsDeps } from './deps';

/** A meeting the actor attends as an .ics calendar file. */
export async function meetingCalendarFile(
  deps: NotificationsDeps,
  actor: Actor,
  meetingId: number,
) {
  const { db } = deps;
  const [row] = await db
    .select({ meeting: meetings, organizer: users.email })
    .from(meetings)
    .innerJoin(users, eq(users.id, meetings.createdBy))
    .innerJoin(
      meetingAttendees,
      and(eq(meetingAttendees.meetingId, meetings.id), eq(meetingAttendees.userId, actor.userId)),
    )
    .where(eq(meetings.id, meetingId));
  if (!row) throw notFound('notifications:messages.meeting_not_found');
  const attendees = await attendeesOf(db, [row.meeting.id]);
  const host = new URL(deps.config.APP_URL).host;
  return {
    meeting: presentMeeting(row.meeting, attendees.get(row.meeting.id) ?? []),
    ics: meetingIcs(row.meeting, host, row.organizer),
    file_name: `meeting-${row.meeting.id}.ics`,
  };
}
