import type { AppConfig } from '../../../../config';
import type { RemoteCalendarEntry } from '../../../../db/schema';
import { dayjs, parseRule } from '../../recurrence';
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
 * Outlook through Microsoft Graph v1.0 over plain fetch: the Microsoft identity platform's
 * authorization code flow with offline_access (the app of the Teams SSO, M365_CLIENT_ID and
 * secret), /me/calendars, /me/calendars/{id}/calendarView/delta with its deltaLink, events
 * POST/PATCH/DELETE, and calendarView of each picked calendar for busy ranges.
 */
const SCOPES = 'offline_access openid email User.Read Calendars.ReadWrite';
/** How far ahead the delta of the write calendar looks (a calendar view needs an end). */
const DELTA_DAYS_AHEAD = 400;

interface GraphTime {
  dateTime: string;
  timeZone: string;
}
interface GraphEvent {
  id: string;
  '@removed'?: { reason: string };
  transactionId?: string | null;
  subject?: string;
  body?: { content?: string };
  bodyPreview?: string;
  location?: { displayName?: string };
  start?: GraphTime;
  end?: GraphTime;
  isAllDay?: boolean;
  isCancelled?: boolean;
  lastModifiedDateTime?: string;
  type?: string;
  showAs?: string;
}

const DAYS: Record<string, string> = {
  MO: 'monday',
  TU: 'tuesday',
  WE: 'wednesday',
  TH: 'thursday',
  FR: 'friday',
  SA: 'saturday',
  SU: 'sunday',
};
const FREQ_NAMES = ['yearly', 'monthly', 'weekly', 'daily'];

/**
 * An RRULE as Graph's patternedRecurrence, for the rules it can say (daily, weekly by days,
 * monthly and yearly on the start's date, with an interval, a count or an end date). Others,
 * and EXDATEs, are not carried: the event goes as its first occurrence.
 */
export function graphRecurrence(event: EventWrite) {
  if (!event.rrule) return null;
  const rule = parseRule(event.rrule);
  if (!rule || rule.freq === undefined) return null;
  const type = FREQ_NAMES[rule.freq];
  if (!type) return null;
  const start = dayjs(event.start).tz(event.timeZone);
  const byDay = event.rrule.match(/BYDAY=([A-Z,]+)/)?.[1]?.split(',') ?? [];
  if (byDay.some((day) => !DAYS[day])) return null;
  const pattern: Record<string, unknown> = {
    type: type === 'monthly' ? 'absoluteMonthly' : type === 'yearly' ? 'absoluteYearly' : type,
    interval: rule.interval ?? 1,
  };
  if (type === 'weekly') {
    pattern.daysOfWeek = (byDay.length > 0 ? byDay : [start.format('dd').toUpperCase()]).map(
      (day) => DAYS[day] ?? 'monday',
    );
  }
  if (type === 'monthly' || type === 'yearly') pattern.dayOfMonth = start.date();
  if (type === 'yearly') pattern.month = start.month() + 1;
  const startDate = start.format('YYYY-MM-DD');
  const range = rule.count
    ? { type: 'numbered', startDate, numberOfOccurrences: rule.count }
    : rule.until
      ? {
          type: 'endDate',
          startDate,
          endDate: dayjs(rule.until).tz(event.timeZone).format('YYYY-MM-DD'),
        }
      : { type: 'noEnd', startDate };
  return { pattern, range };
}

export function outlookProvider(config: AppConfig): CalendarProvider | null {
  const clientId = config.M365_CLIENT_ID;
  const clientSecret = config.M365_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const identity = `${config.M365_AUTHORITY_HOST.replace(/\/+$/, '')}/${config.M365_TENANT_ID ?? 'organizations'}/oauth2/v2.0`;
  const graph = `${config.M365_GRAPH_URL.replace(/\/+$/, '')}/v1.0`;
  // Graph answers every time in UTC with this, whatever the person's mailbox zone.
  const utc = { prefer: 'outlook.timezone="UTC"' };

  const check = <T>(answer: { status: number; body: T | null }, what: string): T => {
    if (answer.status === 401) throw new AccessRevoked(what);
    if (answer.status === 410) throw new CursorExpired();
    if (answer.status < 200 || answer.status >= 300 || answer.body === null) {
      throw new ProviderError(answer.status, what);
    }
    return answer.body;
  };

  const instantOf = (time: GraphTime | undefined) =>
    time
      ? new Date(/[zZ]|[+-]\d\d:\d\d$/.test(time.dateTime) ? time.dateTime : `${time.dateTime}Z`)
      : new Date(0);

  const eventOf = (event: GraphEvent): RemoteEvent => ({
    id: event.id,
    ourUid: event.transactionId ?? null,
    title: event.subject ?? '',
    description: event.body?.content ?? event.bodyPreview ?? '',
    location: event.location?.displayName ?? '',
    start: instantOf(event.start),
    end: instantOf(event.end),
    allDay: Boolean(event.isAllDay),
    updatedAt: event.lastModifiedDateTime ? new Date(event.lastModifiedDateTime) : new Date(0),
    removed: Boolean(event['@removed']) || Boolean(event.isCancelled),
    occurrence: event.type === 'occurrence' || event.type === 'exception',
  });

  const bodyOf = (event: EventWrite) => {
    const when = (instant: Date): GraphTime => ({
      dateTime: dayjs(instant)
        .tz(event.timeZone)
        .format(event.allDay ? 'YYYY-MM-DDT00:00:00' : 'YYYY-MM-DDTHH:mm:ss'),
      timeZone: event.timeZone,
    });
    return {
      subject: event.title,
      body: { contentType: 'text', content: event.description },
      location: { displayName: event.location },
      start: when(event.start),
      end: when(event.end),
      isAllDay: event.allDay,
      recurrence: graphRecurrence(event),
    };
  };

  const tokenRequest = async (form: Record<string, string>, previousRefresh: string | null) => {
    const answer = await requestJson<Record<string, unknown>>(`${identity}/token`, {
      method: 'POST',
      form: { client_id: clientId, client_secret: clientSecret, scope: SCOPES, ...form },
    });
    return tokenSetOf(answer.status, answer.body, previousRefresh);
  };

  return {
    name: 'outlook',
    authorizeUrl(state, redirectUri) {
      const url = new URL(`${identity}/authorize`);
      url.search = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        response_mode: 'query',
        scope: SCOPES,
        state,
      }).toString();
      return url.toString();
    },
    exchangeCode: (code, redirectUri) =>
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }, null),
    refresh: (refreshToken) =>
      tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }, refreshToken),
    async account(token) {
      const me = check(
        await requestJson<{ mail?: string | null; userPrincipalName?: string }>(`${graph}/me`, {
          token,
        }),
        'me',
      );
      return me.mail ?? me.userPrincipalName ?? '';
    },
    async calendars(token) {
      const found: RemoteCalendarEntry[] = [];
      let next: string | undefined = `${graph}/me/calendars?$top=100`;
      while (next) {
        const body: {
          value?: { id: string; name?: string; isDefaultCalendar?: boolean; canEdit?: boolean }[];
          '@odata.nextLink'?: string;
        } = check(await requestJson(next, { token }), 'calendars');
        for (const item of body.value ?? []) {
          found.push({
            id: item.id,
            name: item.name ?? item.id,
            primary: Boolean(item.isDefaultCalendar),
            writable: item.canEdit !== false,
          });
        }
        next = body['@odata.nextLink'];
      }
      return found;
    },
    async changes(token, calendarId, cursor, since) {
      const events: RemoteEvent[] = [];
      let next: string;
      if (cursor) {
        next = cursor;
      } else {
        const url = new URL(
          `${graph}/me/calendars/${encodeURIComponent(calendarId)}/calendarView/delta`,
        );
        url.searchParams.set('startDateTime', since.toISOString());
        url.searchParams.set(
          'endDateTime',
          new Date(Date.now() + DELTA_DAYS_AHEAD * 86_400_000).toISOString(),
        );
        next = url.toString();
      }
      for (;;) {
        const body: {
          value?: GraphEvent[];
          '@odata.nextLink'?: string;
          '@odata.deltaLink'?: string;
        } = check(await requestJson(next, { token, headers: utc }), 'calendarView/delta');
        events.push(...(body.value ?? []).map(eventOf));
        if (body['@odata.nextLink']) {
          next = body['@odata.nextLink'];
          continue;
        }
        const deltaLink = body['@odata.deltaLink'];
        if (!deltaLink) throw new ProviderError(200, 'calendarView/delta without deltaLink');
        return { events, cursor: deltaLink };
      }
    },
    async create(token, calendarId, event) {
      const body = check(
        await requestJson<GraphEvent>(
          `${graph}/me/calendars/${encodeURIComponent(calendarId)}/events`,
          // transactionId makes a retried create one event, and marks the event as ours.
          {
            method: 'POST',
            token,
            headers: utc,
            json: { ...bodyOf(event), transactionId: event.uid },
          },
        ),
        'events POST',
      );
      return eventOf(body);
    },
    async update(token, _calendarId, remoteId, event) {
      const answer = await requestJson<GraphEvent>(
        `${graph}/me/events/${encodeURIComponent(remoteId)}`,
        { method: 'PATCH', token, headers: utc, json: bodyOf(event) },
      );
      if (answer.status === 404) return null;
      return eventOf(check(answer, 'events PATCH'));
    },
    async remove(token, _calendarId, remoteId) {
      const answer = await requestJson(`${graph}/me/events/${encodeURIComponent(remoteId)}`, {
        method: 'DELETE',
        token,
      });
      if (answer.status === 404 || answer.status === 410) return;
      if (answer.status === 401) throw new AccessRevoked('events DELETE');
      if (answer.status < 200 || answer.status >= 300) {
        throw new ProviderError(answer.status, 'events DELETE');
      }
    },
    async busy(token, calendarIds, from, to) {
      const ranges = [];
      for (const calendarId of calendarIds) {
        let next: string | undefined = (() => {
          const url = new URL(
            `${graph}/me/calendars/${encodeURIComponent(calendarId)}/calendarView`,
          );
          url.searchParams.set('startDateTime', from.toISOString());
          url.searchParams.set('endDateTime', to.toISOString());
          url.searchParams.set('$select', 'start,end,showAs,isCancelled');
          url.searchParams.set('$top', '500');
          return url.toString();
        })();
        while (next) {
          const body: { value?: GraphEvent[]; '@odata.nextLink'?: string } = check(
            await requestJson(next, { token, headers: utc }),
            'calendarView',
          );
          for (const event of body.value ?? []) {
            if (event.isCancelled || event.showAs === 'free') continue;
            ranges.push({ start: instantOf(event.start), end: instantOf(event.end) });
          }
          next = body['@odata.nextLink'];
        }
      }
      return ranges;
    },
  };
}
