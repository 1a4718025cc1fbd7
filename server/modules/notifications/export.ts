import { eq } from 'drizzle-orm';
import { meetingAttendees, meetings } from '../../db/schema';
import { registerExportSection } from '../../core/export-sections';

/** The meetings a person made or attends, in their data export. */
registerExportSection('meetings', (db, userId) =>
  db
    .select({
      id: meetings.id,
      workspace_id: meetings.workspaceId,
      title: meetings.title,
      description: meetings.description,
      start_at: meetings.startAt,
      end_at: meetings.endAt,
      provider: meetings.provider,
      join_url: meetings.joinUrl,
      organiser: meetings.createdBy,
    })
    .from(meetings)
    .innerJoin(meetingAttendees, eq(meetingAttendees.meetingId, meetings.id))
    .where(eq(meetingAttendees.userId, userId)),
);
