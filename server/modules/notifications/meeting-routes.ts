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
} from '@contracts/notifications';
import { requireAuth } from '../../auth/guard';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { zoomMeetingFor } from './meetings';
import { createMeeting } from './operations/create-meeting';
import { listMeetings } from './operations/list-meetings';
import { meetingCalendarFile } from './operations/meeting-calendar-file';
import { zoomSettings } from './zoom';

const tags = ['meetings'];

/** Meetings (spec 7.12 `core/meetings`, `add-to-calendar`) under /core. */
export async function meetingRoutes(app: App) {
  const { deps } = app;

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
    async (request) => ok(await listMeetings(deps, actorOf(request), request.query)),
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
    async (request) =>
      ok(
        await createMeeting(deps, actorOf(request), request.body),
        'notifications:messages.meeting_created',
      ),
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
    async (request) => ok(await meetingCalendarFile(deps, actorOf(request), request.params.id)),
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
      const body = request.body;
      const zoom = await zoomMeetingFor(app.deps.config, {
        topic: body.topic,
        startAt: new Date(body.start_at),
        durationMinutes: body.duration_minutes,
      });
      return ok({ zoom });
    },
  );
}
