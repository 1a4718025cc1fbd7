import type { AppConfig } from '../../../../config';
import type { RemoteCalendarEntry } from '../../../../db/schema';
import { dayjs } from '../../recurrence';
import {
  AccessRevoked,
  CursorExpired,
  ProviderError,
  requestJson,
  tokenSetOf,
  type CalendarProvider,
  type EventWrite,
  type RemoteEvent,
} from './types';

/**
 * Google Calendar API v3 over plain fetch (googleapis is tens of megabytes for five calls):
 * OAuth 2.0 web server flow with offline access, calendarList, events.list with
 * syncToken/nextSyncToken (410 Gone: read all again), events insert/patch/delete, freeBusy.
 */
const SCOPES = 'https://www.googleapis.com/auth/calendar';

interface GoogleTime {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}
interface GoogleEvent {
  id: string;
  status?: string;
  iCalUID?: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: GoogleTime;
  end?: GoogleTime;
  updated?: string;
  recurringEventId?: string;
  extendedProperties?: { private?: Record<string, string> };
}

export function googleProvider(config: AppConfig): CalendarProvider | null {
  const clientId = config.GOOGLE_CLIENT_ID;
  const clientSecret = config.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const api = `${config.GOOGLE_API_URL.replace(/\/+$/, '')}/calendar/v3`;
  const calendarPath = (id: string) => `${api}/calendars/${encodeURIComponent(id)}`;

  const check = <T>(answer: { status: number; body: T | null }, what: string): T => {
    if (answer.status === 401) throw new AccessRevoked(what);
    if (answer.status === 410) throw new CursorExpired();
    if (answer.status < 200 || answer.status >= 300 || answer.body === null) {
      throw new ProviderError(answer.status, what);
    }
    return answer.body;
  };

  const timeOf = (time: GoogleTime | undefined, zone?: string): Date =>
    time?.dateTime
      ? new Date(time.dateTime)
      : dayjs.tz(time?.date ?? '1970-01-01', time?.timeZone ?? zone ?? 'UTC').toDate();

  const eventOf = (event: GoogleEvent): RemoteEvent => ({
    id: event.id,
    ourUid: event.extendedProperties?.private?.teamloopUid ?? event.iCalUID ?? null,
    title: event.summary ?? '',
    description: event.description ?? '',
    location: event.location ?? '',
    start: timeOf(event.start),
    end: timeOf(event.end),
    allDay: Boolean(event.start?.date),
    updatedAt: event.updated ? new Date(event.updated) : new Date(0),
    removed: event.status === 'cancelled',
    occurrence: Boolean(event.recurringEventId),
  });

  const bodyOf = (event: EventWrite) => {
    const when = (instant: Date): GoogleTime =>
      event.allDay
        ? { date: dayjs(instant).tz(event.timeZone).format('YYYY-MM-DD') }
        : { dateTime: instant.toISOString(), timeZone: event.timeZone };
    const exdates = event.exdates.map(
      (date) =>
        `EXDATE;TZID=${event.timeZone}:${dayjs(date).tz(event.timeZone).format('YYYYMMDDTHHmmss')}`,
    );
    return {
      summary: event.title,
      description: event.description,
      location: event.location,
      start: when(event.start),
      end: when(event.end),
      recurrence: event.rrule ? [`RRULE:${event.rrule}`, ...exdates] : [],
      extendedProperties: { private: { teamloopUid: event.uid } },
    };
  };

  return {
    name: 'google',
    authorizeUrl(state, redirectUri) {
      const url = new URL(config.GOOGLE_OAUTH_URL);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPES,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode(code, redirectUri) {
      const answer = await requestJson<Record<string, unknown>>(config.GOOGLE_TOKEN_URL, {
        method: 'POST',
        form: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: clientId,
          client_secret: clientSecret,
        },
      });
      return tokenSetOf(answer.status, answer.body);
    },
    async refresh(refreshToken) {
      const answer = await requestJson<Record<string, unknown>>(config.GOOGLE_TOKEN_URL, {
        method: 'POST',
        form: {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: clientId,
          client_secret: clientSecret,
        },
      });
      return tokenSetOf(answer.status, answer.body, refreshToken);
    },
    async account(token) {
      const calendars = await this.calendars(token);
      return calendars.find((calendar) => calendar.primary)?.id ?? '';
    },
    async calendars(token) {
      const found: RemoteCalendarEntry[] = [];
      let pageToken: string | undefined;
      do {
        const url = new URL(`${api}/users/me/calendarList`);
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const body = check(
          await requestJson<{
            items?: { id: string; summary?: string; primary?: boolean; accessRole?: string }[];
            nextPageToken?: string;
          }>(url.toString(), { token }),
          'calendarList',
        );
        for (const item of body.items ?? []) {
          found.push({
            id: item.id,
            name: item.summary ?? item.id,
            primary: Boolean(item.primary),
            writable: item.accessRole === 'owner' || item.accessRole === 'writer',
          });
        }
        pageToken = body.nextPageToken;
      } while (pageToken);
      return found;
    },
    async changes(token, calendarId, cursor, since) {
      const events: RemoteEvent[] = [];
      let pageToken: string | undefined;
      for (;;) {
        const url = new URL(`${calendarPath(calendarId)}/events`);
        if (cursor) url.searchParams.set('syncToken', cursor);
        else url.searchParams.set('timeMin', since.toISOString());
        url.searchParams.set('showDeleted', 'true');
        url.searchParams.set('maxResults', '250');
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const body = check(
          await requestJson<{
            items?: GoogleEvent[];
            nextPageToken?: string;
            nextSyncToken?: string;
          }>(url.toString(), { token }),
          'events.list',
        );
        events.push(...(body.items ?? []).map(eventOf));
        if (body.nextPageToken) {
          pageToken = body.nextPageToken;
          continue;
        }
        if (!body.nextSyncToken) throw new ProviderError(200, 'events.list without nextSyncToken');
        return { events, cursor: body.nextSyncToken };
      }
    },
    async create(token, calendarId, event) {
      const body = check(
        await requestJson<GoogleEvent>(`${calendarPath(calendarId)}/events`, {
          method: 'POST',
          token,
          json: { ...bodyOf(event), iCalUID: event.uid },
        }),
        'events.insert',
      );
      return eventOf(body);
    },
    async update(token, calendarId, remoteId, event) {
      const answer = await requestJson<GoogleEvent>(
        `${calendarPath(calendarId)}/events/${encodeURIComponent(remoteId)}`,
        { method: 'PATCH', token, json: bodyOf(event) },
      );
      if (answer.status === 404 || answer.status === 410) return null;
      const body = check(answer, 'events.patch');
      return body.status === 'cancelled' ? null : eventOf(body);
    },
    async remove(token, calendarId, remoteId) {
      const answer = await requestJson(
        `${calendarPath(calendarId)}/events/${encodeURIComponent(remoteId)}`,
        { method: 'DELETE', token },
      );
      if (answer.status === 404 || answer.status === 410) return;
      if (answer.status === 401) throw new AccessRevoked('events.delete');
      if (answer.status < 200 || answer.status >= 300) {
        throw new ProviderError(answer.status, 'events.delete');
      }
    },
    async busy(token, calendarIds, from, to) {
      if (calendarIds.length === 0) return [];
      const body = check(
        await requestJson<{
          calendars?: Record<string, { busy?: { start: string; end: string }[] }>;
        }>(`${api}/freeBusy`, {
          method: 'POST',
          token,
          json: {
            timeMin: from.toISOString(),
            timeMax: to.toISOString(),
            items: calendarIds.map((id) => ({ id })),
          },
        }),
        'freeBusy',
      );
      return Object.values(body.calendars ?? {}).flatMap((calendar) =>
        (calendar.busy ?? []).map((range) => ({
          start: new Date(range.start),
          end: new Date(range.end),
        })),
      );
    },
  };
}
