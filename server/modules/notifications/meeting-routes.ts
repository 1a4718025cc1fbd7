import { envelope, idParam } from '@contracts/common';
import {
  addToCalendarResource,
  createMeetingBody,
  meetingOptionsResource,
  meetingResource,
  meetingsQuery,
  meetingsResource,
  zoomAccountResource,
  zoomCallbackQuery,
  zoomLoginResource,
  zoomMeetingBody,
  zoomMeetingResource,
} from '@contracts/notifications';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { zoomMeetingFor } from './meetings';
import { createMeeting } from './operations/create-meeting';
import { listMeetings } from './operations/list-meetings';
import { meetingCalendarFile } from './operations/meeting-calendar-file';
import {
  disconnectZoom,
  finishZoomConnect,
  showZoomAccount,
  startZoomConnect,
} from './operations/zoom-account';
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
      const actor = actorOf(request);
      const own = await showZoomAccount(deps, actor);
      return ok({
        zoom: zoomSettings(deps.config) !== null || own.zoom_account.status === 'connected',
        teams_app_id: deps.config.TEAMS_APP_ID ?? null,
      });
    },
  );

  app.get(
    '/integrations/zoom',
    {
      schema: {
        tags,
        summary: 'The caller’s own Zoom account: connected, not connected, or not configured here',
        response: { 200: envelope(zoomAccountResource) },
      },
    },
    async (request) => ok(await showZoomAccount(deps, actorOf(request))),
  );

  app.get(
    '/integrations/zoom/login',
    {
      schema: {
        tags,
        summary: 'Zoom’s consent page to send the browser to (OAuth 2.0, with a one-time state)',
        response: { 200: envelope(zoomLoginResource) },
      },
    },
    async (request) => ok(await startZoomConnect(deps, actorOf(request))),
  );

  app.get(
    '/integrations/zoom/oauth',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Zoom’s OAuth 2.0 redirect: back to /settings/integrations',
        querystring: zoomCallbackQuery,
      },
    },
    async (request, reply) => reply.redirect(await finishZoomConnect(deps, request.query), 303),
  );

  app.delete(
    '/integrations/zoom',
    {
      schema: {
        tags,
        summary: 'Disconnect the caller’s Zoom: its tokens are forgotten',
        response: { 200: envelope(zoomAccountResource) },
      },
    },
    async (request) =>
      ok(await disconnectZoom(deps, actorOf(request)), 'notifications:messages.zoom_disconnected'),
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
      const actor = actorOf(request);
      const body = request.body;
      const zoom = await zoomMeetingFor(app.deps, actor.userId, {
        topic: body.topic,
        startAt: new Date(body.start_at),
        durationMinutes: body.duration_minutes,
      });
      return ok({ zoom });
    },
  );
}
