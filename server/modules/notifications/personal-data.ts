import { eq } from 'drizzle-orm';
import type { AccountDeletion, ExportSection } from '../../core/area';
import { deleteRowsOfPerson, personRows, rowsOfPerson } from '../../core/export-sections';
import {
  meetingAttendees,
  meetings,
  notifications,
  pushSubscriptions,
  zoomConnections,
  zoomOauthStates,
} from '../../db/schema';

const meeting = {
  id: meetings.id,
  workspace_id: meetings.workspaceId,
  title: meetings.title,
  description: meetings.description,
  start_at: meetings.startAt,
  end_at: meetings.endAt,
  provider: meetings.provider,
  join_url: meetings.joinUrl,
  organiser: meetings.createdBy,
};

/** A person's notifications and the meetings they made or attend, in their data export. */
export const exportSections: ExportSection[] = [
  personRows('notifications', notifications.userId, {
    kind: notifications.kind,
    reference_type: notifications.referenceType,
    reference_id: notifications.referenceId,
    data: notifications.data,
    read_at: notifications.readAt,
    created_at: notifications.createdAt,
  }),
  {
    name: 'meetings',
    tables: [meetingAttendees],
    read: (db, userId) =>
      db
        .select(meeting)
        .from(meetings)
        .innerJoin(meetingAttendees, eq(meetingAttendees.meetingId, meetings.id))
        .where(eq(meetingAttendees.userId, userId)),
  },
  {
    // That a Zoom account is connected and since when; the sealed tokens are not personal data
    // the person could use, and are never handed out.
    name: 'zoom_connection',
    // The pending sign-in states are covered here too: they hold nothing to show but a time.
    tables: [zoomConnections, zoomOauthStates],
    read: (db, userId) =>
      rowsOfPerson(db, zoomConnections.userId, userId, {
        connected_at: zoomConnections.connectedAt,
      }),
  },
  // The browsers that show the person's notifications; their keys are of no use to anyone.
  personRows('browser_notifications', pushSubscriptions.userId, {
    endpoint: pushSubscriptions.endpoint,
    browser: pushSubscriptions.userAgent,
    created_at: pushSubscriptions.createdAt,
  }),
  personRows('meetings_organised', meetings.createdBy, meeting),
];

/**
 * The person's own notifications, browser subscriptions and Zoom connection go. Meetings and their attendance stay:
 * they are on other people's calendars, which show a deleted account.
 */
export const accountDeletion: AccountDeletion = {
  erases: [notifications, pushSubscriptions, zoomConnections, zoomOauthStates],
  keeps: [meetings, meetingAttendees],
  async erase(tx, userId) {
    await deleteRowsOfPerson(
      tx,
      userId,
      notifications.userId,
      pushSubscriptions.userId,
      zoomConnections.userId,
      zoomOauthStates.userId,
    );
  },
};
