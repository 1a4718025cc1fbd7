import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The in-memory calendars behind the Graph and Google Calendar stand-ins: events with an
 * updated time and a change number, so each stand-in can answer "what changed since" the way
 * its protocol does (a Google sync token, a Graph deltaLink), plus the OAuth 2.0 side (codes,
 * access and refresh tokens) both share.
 */
export interface StoredEvent {
  id: string;
  calendarId: string;
  /** The client's mark: Google's iCalUID / private property, Graph's transactionId. */
  uid: string | null;
  title: string;
  description: string;
  location: string;
  start: Date;
  end: Date;
  allDay: boolean;
  timeZone: string;
  recurrence: unknown;
  updated: Date;
  deleted: boolean;
  change: number;
}

export interface StoredCalendar {
  id: string;
  name: string;
  primary: boolean;
  writable: boolean;
}

export function createCalendarStore(calendars: StoredCalendar[]) {
  const events = new Map<string, StoredEvent>();
  let change = 0;
  let lastUpdated = 0;
  /** Cursors carry the epoch they were made in; a new epoch forgets them all (410). */
  let epoch = 1;
  const stamp = () => {
    lastUpdated = Math.max(Date.now(), lastUpdated + 1);
    change += 1;
    return { updated: new Date(lastUpdated), change };
  };
  return {
    calendars,
    events,
    get change() {
      return change;
    },
    /** A cursor for "changes after now" in one calendar. */
    cursor(calendarId: string) {
      return Buffer.from(`${epoch}|${change}|${calendarId}`).toString('base64url');
    },
    /** The change number a cursor of this calendar stands for, or null when forgotten. */
    readCursor(cursor: string, calendarId: string) {
      const [made, since, id] = Buffer.from(cursor, 'base64url').toString().split('|');
      return Number(made) === epoch && id === calendarId ? Number(since) : null;
    },
    /** Forgets every cursor handed out so far, as a provider does after a while. */
    expireCursors() {
      epoch += 1;
    },
    add(fields: Omit<StoredEvent, 'id' | 'updated' | 'deleted' | 'change'>) {
      const event: StoredEvent = {
        ...fields,
        id: randomBytes(9).toString('hex'),
        deleted: false,
        ...stamp(),
      };
      events.set(event.id, event);
      return event;
    },
    update(id: string, fields: Partial<StoredEvent>) {
      const event = events.get(id);
      if (!event || event.deleted) return null;
      Object.assign(event, fields, stamp());
      return event;
    },
    remove(id: string) {
      const event = events.get(id);
      if (!event || event.deleted) return false;
      Object.assign(event, { deleted: true }, stamp());
      return true;
    },
    inCalendar(calendarId: string) {
      return [...events.values()].filter((event) => event.calendarId === calendarId);
    },
    byUid(uid: string) {
      return [...events.values()].find((event) => event.uid === uid && !event.deleted);
    },
  };
}
export type CalendarStore = ReturnType<typeof createCalendarStore>;

/** The OAuth 2.0 authorization server side: consent answered at once, codes, tokens, refresh. */
export function createOauthDesk(client: { id: string; secret: string }) {
  const codes = new Map<string, string>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const grants: string[] = [];
  const token = () => randomBytes(18).toString('hex');
  return {
    grants,
    accessTokens,
    /** The consent page: the person says yes at once; back to redirect_uri with code and state. */
    authorize(url: URL, response: ServerResponse) {
      const redirect = url.searchParams.get('redirect_uri');
      if (url.searchParams.get('client_id') !== client.id || !redirect) {
        response.writeHead(400).end('bad client');
        return;
      }
      const code = token();
      codes.set(code, redirect);
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.toString() }).end();
    },
    /** A code for a redirect URI, as the consent page would hand out. */
    codeFor(redirectUri: string) {
      const code = token();
      codes.set(code, redirectUri);
      return code;
    },
    /** The token endpoint (RFC 6749 4.1.3 and 6). */
    exchange(form: URLSearchParams): [number, object] {
      if (form.get('client_id') !== client.id || form.get('client_secret') !== client.secret) {
        return [401, { error: 'invalid_client' }];
      }
      grants.push(form.get('grant_type') ?? '');
      if (form.get('grant_type') === 'authorization_code') {
        const code = form.get('code') ?? '';
        if (codes.get(code) !== form.get('redirect_uri')) return [400, { error: 'invalid_grant' }];
        codes.delete(code);
      } else if (form.get('grant_type') === 'refresh_token') {
        if (!refreshTokens.has(form.get('refresh_token') ?? '')) {
          return [400, { error: 'invalid_grant' }];
        }
      } else {
        return [400, { error: 'unsupported_grant_type' }];
      }
      const access = token();
      const refresh = token();
      accessTokens.add(access);
      refreshTokens.add(refresh);
      return [
        200,
        { token_type: 'Bearer', access_token: access, refresh_token: refresh, expires_in: 3599 },
      ];
    },
    /** Every access token handed out so far stops working (they expired). */
    expireAccessTokens() {
      accessTokens.clear();
    },
    authorized(request: IncomingMessage) {
      const header = request.headers.authorization ?? '';
      return header.startsWith('Bearer ') && accessTokens.has(header.slice(7));
    },
  };
}

export const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

export function sendJson(response: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) {
    response.writeHead(status).end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export const overlaps = (event: StoredEvent, from: Date, to: Date) =>
  !event.deleted && event.start < to && event.end > from;
