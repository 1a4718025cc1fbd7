import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { createMeetingBody } from '@contracts/notifications';
import type { Actor } from '../../../core/actor';
import { notify } from '../../../core/notify';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { meetingAttendees, meetings, users, workspaceMembers } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import { presentMeeting, teamsMeetingLink, zoomMeetingFor } from '../meetings';
import type { SigningNotificationsDeps } from './deps';

/**
 * Makes a meeting in a workspace with its calendar event (a Zoom meeting or a Teams link when
 * asked); the attendees, who must be members, are told.
 */
export async function createMeeting(
  deps: SigningNotificationsDeps,
  actor: Actor,
  body: z.output<typeof createMeetingBody>,
) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, body.workspace_id, 'view_members', {
    change: true,
  });
  const start = new Date(body.start_at);
  const end = new Date(start.getTime() + body.duration_minutes * 60_000);
  const attendeeIds = [...new Set(body.attendee_ids)].filter((id) => id !== access.userId);
  const members =
    attendeeIds.length === 0
      ? []
      : await db
          .select({ userId: workspaceMembers.userId, email: users.email })
          .from(workspaceMembers)
          .innerJoin(users, eq(users.id, workspaceMembers.userId))
          .where(
            and(
              eq(workspaceMembers.workspaceId, body.workspace_id),
              inArray(workspaceMembers.userId, attendeeIds),
            ),
          );
  if (members.length !== attendeeIds.length) {
    throw validationFailed({ attendee_ids: 'notifications:messages.attendee_not_member' });
  }
  let joinUrl: string | null = body.join_url ?? null;
  if (body.provider === 'zoom') {
    const zoom = await zoomMeetingFor(deps, access.userId, {
      topic: body.title,
      startAt: start,
      durationMinutes: body.duration_minutes,
      agenda: body.description,
    });
    joinUrl = zoom.join_url;
  } else if (body.provider === 'teams') {
    joinUrl = teamsMeetingLink(
      body.title,
      members.map((m) => m.email),
      start,
      end,
    );
  } else if (body.provider === 'none') {
    joinUrl = null;
  }
  const meeting = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(meetings)
      .values({
        workspaceId: body.workspace_id,
        createdBy: access.userId,
        title: body.title,
        description: body.description ?? null,
        startAt: start,
        endAt: end,
        provider: body.provider,
        joinUrl,
      })
      .returning();
    const everyone = [access.userId, ...attendeeIds];
    await tx
      .insert(meetingAttendees)
      .values(everyone.map((userId) => ({ meetingId: row.id, userId })));
    await notify(tx, {
      userIds: attendeeIds,
      kind: 'meeting_invited',
      workspaceId: body.workspace_id,
      actorId: access.userId,
      reference: { type: 'meeting', id: row.id },
      data: {
        message_key: 'notifications:kinds.meeting_invited',
        name: row.title,
        start_at: row.startAt.toISOString(),
      },
      link: '/notification',
    });
    return row;
  });
  return { meeting: presentMeeting(meeting, [access.userId, ...attendeeIds]) };
}
