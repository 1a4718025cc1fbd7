import { inArray } from 'drizzle-orm';
import type { MeetingItem } from '@contracts/notifications';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { meetingAttendees, type MeetingRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { createZoomMeeting, zoomSettings, ZoomError } from './zoom';

/** A Teams "new meeting" deep link with the subject and attendees filled in. */
export function teamsMeetingLink(subject: string, attendees: string[], start: Date, end: Date) {
  const url = new URL('https://teams.microsoft.com/l/meeting/new');
  url.searchParams.set('subject', subject);
  if (attendees.length > 0) url.searchParams.set('attendees', attendees.join(','));
  url.searchParams.set('startTime', start.toISOString());
  url.searchParams.set('endTime', end.toISOString());
  return url.toString();
}

export async function attendeesOf(db: DbOrTx, ids: number[]) {
  const map = new Map<number, number[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(meetingAttendees)
    .where(inArray(meetingAttendees.meetingId, ids));
  for (const row of rows) map.set(row.meetingId, [...(map.get(row.meetingId) ?? []), row.userId]);
  return map;
}

export function presentMeeting(meeting: MeetingRow, attendeeIds: number[]): MeetingItem {
  return {
    id: meeting.id,
    workspace_id: meeting.workspaceId,
    title: meeting.title,
    description: meeting.description,
    start_at: meeting.startAt.toISOString(),
    end_at: meeting.endAt.toISOString(),
    provider: meeting.provider as MeetingItem['provider'],
    join_url: meeting.joinUrl,
    created_by: meeting.createdBy,
    attendee_ids: attendeeIds,
    calendar_event: {
      title: meeting.title,
      start: meeting.startAt.toISOString(),
      end: meeting.endAt.toISOString(),
      location: meeting.joinUrl,
    },
  };
}

/**
 * A Zoom meeting through the server's OAuth app: 409 when the server has none, 502 when Zoom
 * fails or does not answer.
 */
export async function zoomMeetingFor(
  config: AppConfig,
  meeting: { topic: string; startAt: Date; durationMinutes: number; agenda?: string },
) {
  const settings = zoomSettings(config);
  if (!settings)
    throw refusal(409, 'zoom_not_configured', 'notifications:messages.zoom_not_configured');
  try {
    return await createZoomMeeting(settings, meeting);
  } catch (error) {
    if (error instanceof ZoomError || (error instanceof Error && error.name === 'TimeoutError')) {
      throw refusal(502, 'zoom_failed', 'notifications:messages.zoom_failed');
    }
    if (error instanceof TypeError) {
      throw refusal(502, 'zoom_failed', 'notifications:messages.zoom_failed');
    }
    throw error;
  }
}
