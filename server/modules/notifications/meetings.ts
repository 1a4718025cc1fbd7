import { inArray } from 'drizzle-orm';
import type { MeetingItem } from '@contracts/notifications';
import type { DbOrTx } from '../../db/client';
import { meetingAttendees, type MeetingRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import {
  createZoomMeeting,
  createZoomMeetingAs,
  zoomSettings,
  ZoomError,
  type ZoomMeetingInput,
} from './zoom';
import { zoomUserSettings, zoomUserToken, ZoomReconnect, type ZoomDeps } from './zoom-account';

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
 * A Zoom meeting for `userId`: on their own Zoom account when they connected it (their token,
 * refreshed when due), else through the server's OAuth app; 409 when neither is there (or
 * their connection stopped working and there is no server app), 502 when Zoom fails or does
 * not answer.
 */
export async function zoomMeetingFor(deps: ZoomDeps, userId: number, meeting: ZoomMeetingInput) {
  const { config } = deps;
  try {
    let own = null;
    try {
      own = await zoomUserToken(deps, userId);
    } catch (error) {
      if (!(error instanceof ZoomReconnect)) throw error;
      if (!zoomSettings(config)) {
        throw refusal(409, 'zoom_not_connected', 'notifications:messages.zoom_reconnect');
      }
    }
    if (own) return await createZoomMeetingAs(own.settings.apiUrl, own.token, meeting);
    const settings = zoomSettings(config);
    if (!settings) {
      if (zoomUserSettings(config)) {
        throw refusal(409, 'zoom_not_connected', 'notifications:messages.zoom_not_connected');
      }
      throw refusal(409, 'zoom_not_configured', 'notifications:messages.zoom_not_configured');
    }
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
