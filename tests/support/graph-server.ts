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
 * A local stand-in for Microsoft: the identity platform's authorize page (answered yes at once)
 * and token endpoint under `/{tenant}/oauth2/v2.0/`, and Graph v1.0: /me, /me/calendars,
 * /me/calendars/{id}/calendarView/delta (pages end in a deltaLink; removed events come as
 * `@removed`; a forgotten delta token is 410 SyncStateNotFound), events POST (transactionId
 * makes a retry one event) / PATCH / DELETE, and calendarView. Times come back in UTC when
 * asked with `Prefer: outlook.timezone="UTC"`, as the app always asks.
 * Point M365_AUTHORITY_HOST and M365_GRAPH_URL at the base.
 */
export async function startGraphServer(options: {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  account?: string;
}) {
  const account = options.account ?? 'ann@contoso.example';
  const calendars: StoredCalendar[] = [
    { id: 'AAMkCalendar', name: 'Calendar', primary: true, writable: true },
    { id: 'AAMkProjects', name: 'Projects', primary: false, writable: true },
    { id: 'AAMkBirthdays', name: 'Birthdays', primary: false, writable: false },
  ];
  const store = createCalendarStore(calendars);
  const oauth = createOauthDesk({ id: options.clientId, secret: options.clientSecret });
  let base = '';
  const identity = `/${options.tenantId}/oauth2/v2.0`;

  const timeOf = (value: { dateTime: string; timeZone?: string }) =>
    dayjs.tz(value.dateTime.replace(/Z$/, ''), value.timeZone ?? 'UTC').toDate();
  const utcTime = (instant: Date) => ({
    dateTime: instant.toISOString().replace('Z', '0000'),
    timeZone: 'UTC',
  });
  const present = (event: StoredEvent) =>
    event.deleted
      ? { '@odata.type': '#microsoft.graph.event', id: event.id, '@removed': { reason: 'deleted' } }
      : {
          '@odata.type': '#microsoft.graph.event',
          id: event.id,
          transactionId: event.uid,
          iCalUId: `040000008200E00074C5B7101A82E008${event.id}`,
          subject: event.title,
          body: { contentType: 'text', content: event.description },
          bodyPreview: event.description.slice(0, 255),
          location: { displayName: event.location },
          start: utcTime(event.start),
          end: utcTime(event.end),
          isAllDay: event.allDay,
          isCancelled: false,
          showAs: 'busy',
          type: event.recurrence ? 'seriesMaster' : 'singleInstance',
          recurrence: event.recurrence ?? null,
          lastModifiedDateTime: event.updated.toISOString(),
        };
  const fieldsOf = (body: Record<string, unknown>): Partial<StoredEvent> => {
    const fields: Partial<StoredEvent> = {};
    if (typeof body.subject === 'string') fields.title = body.subject;
    const content = (body.body as { content?: string } | undefined)?.content;
    if (typeof content === 'string') fields.description = content;
    const place = (body.location as { displayName?: string } | undefined)?.displayName;
    if (typeof place === 'string') fields.location = place;
    const start = body.start as { dateTime: string; timeZone?: string } | undefined;
    const end = body.end as typeof start;
    if (start) {
      fields.start = timeOf(start);
      fields.timeZone = start.timeZone ?? 'UTC';
    }
    if (end) fields.end = timeOf(end);
    if (typeof body.isAllDay === 'boolean') fields.allDay = body.isAllDay;
    if (body.recurrence !== undefined) fields.recurrence = body.recurrence;
    return fields;
  };
  const notFound = () => ({
    error: {
      code: 'ErrorItemNotFound',
      message: 'The specified object was not found in the store.',
    },
  });

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const text = await readBody(request);
    const method = request.method ?? 'GET';
    if (method === 'GET' && url.pathname === `${identity}/authorize`)
      return oauth.authorize(url, response);
    if (method === 'POST' && url.pathname === `${identity}/token`) {
      const [status, body] = oauth.exchange(new URLSearchParams(text));
      return sendJson(response, status, body);
    }
    if (!url.pathname.startsWith('/v1.0/')) return sendJson(response, 404, notFound());
    if (!oauth.authorized(request)) {
      return sendJson(response, 401, {
        error: {
          code: 'InvalidAuthenticationToken',
          message: 'Access token has expired or is not yet valid.',
        },
      });
    }
    const path = url.pathname.slice('/v1.0'.length).split('/').map(decodeURIComponent);
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};

    if (method === 'GET' && url.pathname === '/v1.0/me') {
      return sendJson(response, 200, { id: 'user-1', mail: account, userPrincipalName: account });
    }
    if (method === 'GET' && url.pathname === '/v1.0/me/calendars') {
      return sendJson(response, 200, {
        value: calendars.map((calendar) => ({
          id: calendar.id,
          name: calendar.name,
          isDefaultCalendar: calendar.primary,
          canEdit: calendar.writable,
        })),
      });
    }
    // /me/events/{id}
    if (path[2] === 'events' && path[3] && path[1] === 'me') {
      const existing = store.events.get(path[3]);
      if (!existing || existing.deleted) return sendJson(response, 404, notFound());
      if (method === 'GET') return sendJson(response, 200, present(existing));
      if (method === 'PATCH')
        return sendJson(response, 200, present(store.update(existing.id, fieldsOf(json))!));
      if (method === 'DELETE') {
        store.remove(existing.id);
        return sendJson(response, 204);
      }
    }
    // /me/calendars/{id}/(events | calendarView | calendarView/delta)
    const calendar = calendars.find((entry) => entry.id === path[3]);
    if (path[2] !== 'calendars' || !calendar) return sendJson(response, 404, notFound());
    const rest = path.slice(4).join('/');
    if (method === 'POST' && rest === 'events') {
      if (!calendar.writable)
        return sendJson(response, 403, {
          error: { code: 'ErrorAccessDenied', message: 'Access is denied.' },
        });
      const uid = typeof json.transactionId === 'string' ? json.transactionId : null;
      const again = uid ? store.byUid(uid) : undefined;
      if (again) return sendJson(response, 201, present(again));
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
      return sendJson(response, 201, present(event));
    }
    if (method === 'GET' && rest === 'calendarView') {
      const from = new Date(url.searchParams.get('startDateTime') ?? 0);
      const to = new Date(url.searchParams.get('endDateTime') ?? 0);
      return sendJson(response, 200, {
        value: store
          .inCalendar(calendar.id)
          .filter((event) => overlaps(event, from, to))
          .map(present),
      });
    }
    if (method === 'GET' && rest === 'calendarView/delta') {
      const deltaLink = () =>
        `${base}/v1.0/me/calendars/${encodeURIComponent(calendar.id)}/calendarView/delta?$deltatoken=${store.cursor(calendar.id)}`;
      const token = url.searchParams.get('$deltatoken');
      if (token) {
        const since = store.readCursor(token, calendar.id);
        if (since === null) {
          return sendJson(response, 410, {
            error: {
              code: 'SyncStateNotFound',
              message: 'The sync state generation is not found.',
            },
          });
        }
        const changed = store.inCalendar(calendar.id).filter((event) => event.change > since);
        return sendJson(response, 200, {
          value: changed.map(present),
          '@odata.deltaLink': deltaLink(),
        });
      }
      const from = new Date(url.searchParams.get('startDateTime') ?? 0);
      const to = new Date(url.searchParams.get('endDateTime') ?? 0);
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
        return sendJson(response, 400, {
          error: {
            code: 'ErrorInvalidParameter',
            message: 'startDateTime and endDateTime are required.',
          },
        });
      }
      const listed = store.inCalendar(calendar.id).filter((event) => overlaps(event, from, to));
      return sendJson(response, 200, {
        value: listed.map(present),
        '@odata.deltaLink': deltaLink(),
      });
    }
    return sendJson(response, 405, {
      error: { code: 'ErrorInvalidRequest', message: 'Unsupported.' },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    store,
    oauth,
    primaryId: 'AAMkCalendar',
    /** The app's environment pointing Microsoft's identity platform and Graph at this stand-in. */
    env: {
      M365_CLIENT_ID: options.clientId,
      M365_CLIENT_SECRET: options.clientSecret,
      M365_TENANT_ID: options.tenantId,
      M365_AUTHORITY_HOST: base,
      M365_GRAPH_URL: base,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
