import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import {
  createCalendarStore,
  createOauthDesk,
  overlaps,
  readBody,
  sendJson,
  type StoredCalendar,
  type StoredEvent,
} from './calendar-store';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * A local stand-in for Google: the OAuth 2.0 consent page (`GET /auth`, answered yes at once)
 * and token endpoint (`POST /token`), and Calendar API v3 under /calendar/v3: calendarList,
 * events list (syncToken / nextSyncToken, 410 Gone for a forgotten token, cancelled events in
 * incremental answers), insert (iCalUID kept, 409 for a duplicate), patch, delete, freeBusy.
 * Point GOOGLE_OAUTH_URL at `/auth`, GOOGLE_TOKEN_URL at `/token`, GOOGLE_API_URL at the base.
 */
export async function startGoogleCalendarServer(options: {
  clientId: string;
  clientSecret: string;
  account?: string;
}) {
  const account = options.account ?? 'ann@example.com';
  const calendars: StoredCalendar[] = [
    { id: account, name: account, primary: true, writable: true },
    { id: 'team@group.calendar.google.com', name: 'Team', primary: false, writable: true },
    {
      id: 'holidays@group.v.calendar.google.com',
      name: 'Holidays',
      primary: false,
      writable: false,
    },
  ];
  const store = createCalendarStore(calendars);
  const oauth = createOauthDesk({ id: options.clientId, secret: options.clientSecret });
  const syncToken = (calendarId: string) => store.cursor(calendarId);

  const timeOf = (value: { date?: string; dateTime?: string; timeZone?: string }) =>
    value.dateTime
      ? new Date(value.dateTime)
      : dayjs.tz(value.date ?? '1970-01-01', value.timeZone ?? 'UTC').toDate();
  const present = (event: StoredEvent) =>
    event.deleted
      ? { kind: 'calendar#event', id: event.id, status: 'cancelled' }
      : {
          kind: 'calendar#event',
          id: event.id,
          status: 'confirmed',
          iCalUID: event.uid ?? `${event.id}@google.com`,
          summary: event.title,
          description: event.description,
          location: event.location,
          start: event.allDay
            ? { date: dayjs(event.start).tz(event.timeZone).format('YYYY-MM-DD') }
            : { dateTime: event.start.toISOString(), timeZone: event.timeZone },
          end: event.allDay
            ? { date: dayjs(event.end).tz(event.timeZone).format('YYYY-MM-DD') }
            : { dateTime: event.end.toISOString(), timeZone: event.timeZone },
          recurrence: event.recurrence ?? undefined,
          updated: event.updated.toISOString(),
          ...(event.uid ? { extendedProperties: { private: { teamloopUid: event.uid } } } : {}),
        };
  const fieldsOf = (body: Record<string, unknown>): Partial<StoredEvent> => {
    const fields: Partial<StoredEvent> = {};
    if (typeof body.summary === 'string') fields.title = body.summary;
    if (typeof body.description === 'string') fields.description = body.description;
    if (typeof body.location === 'string') fields.location = body.location;
    const start = body.start as { date?: string; dateTime?: string; timeZone?: string } | undefined;
    const end = body.end as typeof start;
    if (start) {
      fields.start = timeOf(start);
      fields.allDay = Boolean(start.date);
      fields.timeZone = start.timeZone ?? 'UTC';
    }
    if (end) fields.end = timeOf(end);
    if (body.recurrence !== undefined) fields.recurrence = body.recurrence;
    return fields;
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const text = await readBody(request);
    const method = request.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/auth') return oauth.authorize(url, response);
    if (method === 'POST' && url.pathname === '/token') {
      const [status, body] = oauth.exchange(new URLSearchParams(text));
      return sendJson(response, status, body);
    }
    if (!url.pathname.startsWith('/calendar/v3/'))
      return sendJson(response, 404, { error: 'not found' });
    if (!oauth.authorized(request)) {
      return sendJson(response, 401, { error: { code: 401, message: 'Invalid Credentials' } });
    }
    const path = url.pathname.slice('/calendar/v3'.length).split('/').map(decodeURIComponent);
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};

    if (method === 'GET' && url.pathname === '/calendar/v3/users/me/calendarList') {
      return sendJson(response, 200, {
        kind: 'calendar#calendarList',
        items: calendars.map((calendar) => ({
          id: calendar.id,
          summary: calendar.name,
          primary: calendar.primary || undefined,
          accessRole: calendar.writable ? 'owner' : 'reader',
        })),
      });
    }
    if (method === 'POST' && url.pathname === '/calendar/v3/freeBusy') {
      const from = new Date(String(json.timeMin));
      const to = new Date(String(json.timeMax));
      const items = (json.items as { id: string }[] | undefined) ?? [];
      return sendJson(response, 200, {
        kind: 'calendar#freeBusy',
        calendars: Object.fromEntries(
          items.map(({ id }) => [
            id,
            {
              busy: store
                .inCalendar(id)
                .filter((event) => overlaps(event, from, to))
                .map((event) => ({
                  start: event.start.toISOString(),
                  end: event.end.toISOString(),
                })),
            },
          ]),
        ),
      });
    }
    // /calendars/{calendarId}/events[/{eventId}]
    const calendar = calendars.find((entry) => entry.id === path[2]);
    if (path[1] !== 'calendars' || path[3] !== 'events' || !calendar) {
      return sendJson(response, 404, { error: { code: 404, message: 'Not Found' } });
    }
    const eventId = path[4];
    if (!eventId && method === 'GET') {
      const token = url.searchParams.get('syncToken');
      if (token) {
        const since = store.readCursor(token, calendar.id);
        if (since === null) {
          return sendJson(response, 410, {
            error: {
              code: 410,
              message: 'Sync token is no longer valid, a full sync is required.',
            },
          });
        }
        const changed = store.inCalendar(calendar.id).filter((event) => event.change > since);
        return sendJson(response, 200, {
          items: changed.map(present),
          nextSyncToken: syncToken(calendar.id),
        });
      }
      const timeMin = url.searchParams.get('timeMin');
      const listed = store
        .inCalendar(calendar.id)
        .filter((event) => !event.deleted && (!timeMin || event.end > new Date(timeMin)));
      return sendJson(response, 200, {
        items: listed.map(present),
        nextSyncToken: syncToken(calendar.id),
      });
    }
    if (!eventId && method === 'POST') {
      if (!calendar.writable)
        return sendJson(response, 403, { error: { code: 403, message: 'Forbidden' } });
      const uid = typeof json.iCalUID === 'string' ? json.iCalUID : null;
      if (uid && store.byUid(uid)) {
        return sendJson(response, 409, {
          error: { code: 409, message: 'The requested identifier already exists.' },
        });
      }
      const fields = fieldsOf(json);
      const event = store.add({
        calendarId: calendar.id,
        uid,
        title: fields.title ?? '',
        description: fields.description ?? '',
        location: fields.location ?? '',
        start: fields.start ?? new Date(),
        end: fields.end ?? new Date(),
        allDay: fields.allDay ?? false,
        timeZone: fields.timeZone ?? 'UTC',
        recurrence: fields.recurrence ?? null,
      });
      return sendJson(response, 200, present(event));
    }
    const existing = eventId ? store.events.get(eventId) : undefined;
    if (!existing || existing.calendarId !== calendar.id) {
      return sendJson(response, 404, { error: { code: 404, message: 'Not Found' } });
    }
    if (existing.deleted) {
      return sendJson(response, 410, {
        error: { code: 410, message: 'Resource has been deleted' },
      });
    }
    if (method === 'GET') return sendJson(response, 200, present(existing));
    if (method === 'PATCH')
      return sendJson(response, 200, present(store.update(existing.id, fieldsOf(json))!));
    if (method === 'DELETE') {
      store.remove(existing.id);
      return sendJson(response, 204);
    }
    return sendJson(response, 405, { error: { code: 405, message: 'Method Not Allowed' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    store,
    oauth,
    /** The app's environment pointing Google at this stand-in. */
    env: {
      GOOGLE_CLIENT_ID: options.clientId,
      GOOGLE_CLIENT_SECRET: options.clientSecret,
      GOOGLE_OAUTH_URL: `${base}/auth`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_API_URL: base,
    },
    primaryId: account,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
