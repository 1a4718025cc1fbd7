import { z } from 'zod';
import { envelope } from '@contracts/common';
import {
  calendarEventResource,
  calendarFeed,
  calendarList,
  calendarQuery,
  createEventBody,
  deleteEventQuery,
  eventParams,
  updateEventBody,
} from '@contracts/calendar';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import { answerAs, operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { notFound } from '../../http/errors';
import { registerCalendarNotifications } from './notify';
import { createEvent } from './operations/create-event';
import { deleteEvent } from './operations/delete-event';
import { readFeed, resetFeed, showFeed } from './operations/feed';
import { listCalendar } from './operations/list-calendar';
import { showEvent } from './operations/show-event';
import { updateEvent } from './operations/update-event';

const tags = ['calendar'];

/** The calendar (spec 7.18) under /core: the range view, events and the feed's address. */
export async function calendarCore(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);
  registerCalendarNotifications(deps);

  app.get(
    '/calendar',
    {
      schema: {
        tags,
        summary:
          "The caller's events (each occurrence), deadlines, check-ins and meetings in a range",
        querystring: calendarQuery,
        response: { 200: envelope(calendarList) },
      },
    },
    async (request) => {
      const { from, to, workspace_id: workspaceId } = request.query;
      return ok({ items: await listCalendar(deps, actorOf(request), { from, to, workspaceId }) });
    },
  );

  route.post(
    '/calendar/event',
    {
      summary: 'A new event; its attendees are notified',
      body: createEventBody,
      answer: calendarEventResource,
      status: 201,
      message: 'calendar:messages.event_created',
    },
    (actor, request) => answerAs('event', createEvent(deps, actor, request.body)),
  );

  route.get(
    '/calendar/event/:id',
    {
      summary: 'One event, for its creator and attendees',
      params: eventParams,
      answer: calendarEventResource,
    },
    async (actor, request) => ({ event: await showEvent(deps, actor, request.params.id) }),
  );

  route.put(
    '/calendar/event/:id',
    {
      summary: 'Change an event (its creator only); fields left out stay',
      params: eventParams,
      body: updateEventBody,
      answer: calendarEventResource,
      message: 'calendar:messages.event_updated',
    },
    (actor, request) =>
      answerAs(
        'event',
        updateEvent(deps, actor, {
          ...request.body,
          id: request.params.id,
        }),
      ),
  );

  route.delete(
    '/calendar/event/:id',
    {
      summary: 'Delete an event, or with `occurrence` only that occurrence (its creator only)',
      params: eventParams,
      querystring: deleteEventQuery,
      message: 'calendar:messages.event_deleted',
    },
    (actor, request) =>
      deleteEvent(deps, actor, {
        id: request.params.id,
        occurrence: request.query.occurrence,
      }),
  );

  route.get(
    '/calendar/feed',
    { summary: "The caller's ICS feed: a secret address, made on first ask", answer: calendarFeed },
    (actor) => showFeed(deps, actor),
  );

  route.post(
    '/calendar/feed/reset',
    {
      summary: 'A new secret address for the ICS feed; the old one answers 404 at once',
      answer: calendarFeed,
      message: 'calendar:messages.feed_reset',
    },
    (actor) => resetFeed(deps, actor),
  );
}

const feedParams = z.object({ file: z.string().max(100) });

/**
 * The ICS feed itself, at /api/v2/calendar/ics/<secret>.ics: outside the signed-in API, since
 * calendars subscribe without a session; the secret in the address is the only key.
 */
export async function calendarFeedRoutes(app: App) {
  const { deps } = app;
  app.get(
    '/ics/:file',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "A person's calendar as iCalendar (RFC 5545), by its secret address",
        params: feedParams,
      },
    },
    async (request, reply) => {
      const match = /^(.+)\.ics$/.exec(request.params.file);
      if (!match) throw notFound();
      const text = await readFeed(deps, match[1]);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(text);
    },
  );
}
