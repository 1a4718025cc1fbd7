import { and, asc, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import { envelope, idParam } from '@contracts/common';
import {
  addToCalendarResource,
  createMeetingBody,
  meetingOptionsResource,
  meetingResource,
  meetingsQuery,
  meetingsResource,
  zoomMeetingBody,
  zoomMeetingResource,
  type MeetingItem,
} from '@contracts/notifications';
import { requireAuth } from '../../auth/guard';
import type { DbOrTx } from '../../db/client';
import {
  meetingAttendees,
  meetings,
  users,
  workspaceMembers,
  type MeetingRow,
} from '../../db/schema';
import { ok } from '../../http/envelope';
import { notFound, refusal, validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import { notify } from '../../core/notify';
import { requireWorkspaceChange } from '../../core/workspace-access';
import { meetingIcs } from './ics';
import { createZoomMeeting, zoomSettings, ZoomError, type ZoomSettings } from './zoom';

const tags = ['meetings'];

/** A Teams "new meeting" deep link with the subject and attendees filled in. */
export function teamsMeetingLink(subject: string, attendees: string[], start: Date, end: Date) {
  const url = new URL('https://teams.microsoft.com/l/meeting/new');
  url.searchParams.set('subject', subject);
  if (attendees.length > 0) url.searchParams.set('attendees', attendees.join(','));
  url.searchParams.set('startTime', start.toISOString());
  url.searchParams.set('endTime', end.toISOString());
  return url.toString();
}

async function attendeesOf(db: DbOrTx, ids: number[]) {
  const map = new Map<number, number[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(meetingAttendees)
    .where(inArray(meetingAttendees.meetingId, ids));
  for (const row of rows) map.set(row.meetingId, [...(map.get(row.meetingId) ?? []), row.userId]);
  return map;
}

function present(meeting: MeetingRow, attendeeIds: number[]): MeetingItem {
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

async function zoomOrRefuse(settings: ZoomSettings | null) {
  if (!settings)
    throw refusal(409, 'zoom_not_configured', 'notifications:messages.zoom_not_configured');
  return settings;
}

async function callZoom<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
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

/** Meetings (spec 7.12 `core/meetings`, `add-to-calendar`) under /core. */
export async function meetingRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/meetings/options',
    {
      schema: {
        tags,
        summary: 'Which meeting providers this server has',
        response: { 200: envelope(meetingOptionsResource) },
      },
    },
    async (request) => {
      requireAuth(request);
      return ok({ zoom: zoomSettings(app.deps.config) !== null });
    },
  );

  app.get(
    '/meetings',
    {
      schema: {
        tags,
        summary: 'Meetings I made or attend, as a calendar shows them',
        querystring: meetingsQuery,
        response: { 200: envelope(meetingsResource) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { from, to } = request.query;
      const attending = db
        .select({ id: meetingAttendees.meetingId })
        .from(meetingAttendees)
        .where(eq(meetingAttendees.userId, user.id));
      const where: SQL[] = [or(eq(meetings.createdBy, user.id), inArray(meetings.id, attending))!];
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
      return ok({ meetings: rows.map((row) => present(row, attendees.get(row.id) ?? [])) });
    },
  );

  app.post(
    '/meetings',
    {
      schema: {
        tags,
        summary: 'Make a meeting in a workspace with its calendar event; attendees are told',
        body: createMeetingBody,
        response: { 200: envelope(meetingResource) },
      },
    },
    async (request) => {
      const body = request.body;
      const access = await requireWorkspaceChange(request, db, body.workspace_id, 'view_members');
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
        const settings = await zoomOrRefuse(zoomSettings(app.deps.config));
        const zoom = await callZoom(() =>
          createZoomMeeting(settings, {
            topic: body.title,
            startAt: start,
            durationMinutes: body.duration_minutes,
            agenda: body.description,
          }),
        );
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
      return ok(
        { meeting: present(meeting, [access.userId, ...attendeeIds]) },
        'notifications:messages.meeting_created',
      );
    },
  );

  app.post(
    '/meetings/:id/add-to-calendar',
    {
      schema: {
        tags,
        summary: 'The meeting as an .ics calendar file (only for its attendees)',
        params: idParam,
        response: { 200: envelope(addToCalendarResource) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const [row] = await db
        .select({ meeting: meetings, organizer: users.email })
        .from(meetings)
        .innerJoin(users, eq(users.id, meetings.createdBy))
        .innerJoin(
          meetingAttendees,
          and(eq(meetingAttendees.meetingId, meetings.id), eq(meetingAttendees.userId, user.id)),
        )
        .where(eq(meetings.id, request.params.id));
      if (!row) throw notFound('notifications:messages.meeting_not_found');
      const attendees = await attendeesOf(db, [row.meeting.id]);
      const host = new URL(app.deps.config.APP_URL).host;
      return ok({
        meeting: present(row.meeting, attendees.get(row.meeting.id) ?? []),
        ics: meetingIcs(row.meeting, host, row.organizer),
        file_name: `meeting-${row.meeting.id}.ics`,
      });
    },
  );
}

/** The video-meeting call under /messaging (spec 7.12 `messaging/meetings/zoom`). */
export async function zoomRoutes(app: App) {
  app.post(
    '/meetings/zoom',
    {
      schema: {
        tags,
        summary: 'A Zoom meeting through the server-to-server OAuth app (409 when not configured)',
        body: zoomMeetingBody,
        response: { 200: envelope(zoomMeetingResource) },
      },
    },
    async (request) => {
      requireAuth(request);
      const settings = await zoomOrRefuse(zoomSettings(app.deps.config));
      const body = request.body;
      const zoom = await callZoom(() =>
        createZoomMeeting(settings, {
          topic: body.topic,
          startAt: new Date(body.start_at),
          durationMinutes: body.duration_minutes,
        }),
      );
      return ok({ zoom });
    },
  );
}
