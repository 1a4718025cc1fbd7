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
import { operationRoutes } from '../../http/operation-routes';
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
  const route = operationRoutes(app, tags);

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

  route.get(
    '/integrations/zoom',
    {
      summary: 'The caller’s own Zoom account: connected, not connected, or not configured here',
      answer: zoomAccountResource,
    },
    (actor) => showZoomAccount(deps, actor),
  );

  route.get(
    '/integrations/zoom/login',
    {
      summary: 'Zoom’s consent page to send the browser to (OAuth 2.0, with a one-time state)',
      answer: zoomLoginResource,
    },
    (actor) => startZoomConnect(deps, actor),
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

  route.delete(
    '/integrations/zoom',
    {
      summary: 'Disconnect the caller’s Zoom: its tokens are forgotten',
      answer: zoomAccountResource,
      message: 'notifications:messages.zoom_disconnected',
    },
    (actor) => disconnectZoom(deps, actor),
  );

  route.get(
    '/meetings',
    {
      summary: 'Meetings I made or attend, as a calendar shows them',
      querystring: meetingsQuery,
      answer: meetingsResource,
    },
    (actor, request) => listMeetings(deps, actor, request.query),
  );

  route.post(
    '/meetings',
    {
      summary: 'Make a meeting in a workspace with its calendar event; attendees are told',
      body: createMeetingBody,
      answer: meetingResource,
      message: 'notifications:messages.meeting_created',
    },
    (actor, request) => createMeeting(deps, actor, request.body),
  );

  route.post(
    '/meetings/:id/add-to-calendar',
    {
      summary: 'The meeting as an .ics calendar file (only for its attendees)',
      params: idParam,
      answer: addToCalendarResource,
    },
    (actor, request) => meetingCalendarFile(deps, actor, request.params.id),
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
