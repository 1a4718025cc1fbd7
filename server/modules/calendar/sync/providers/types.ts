import type { SyncProvider } from '@contracts/calendar';
import type { RemoteCalendarEntry } from '../../../../db/schema';

/**
 * What the sync needs of a calendar provider, on its documented protocol: OAuth 2.0 with
 * refresh tokens, the person's calendars, incremental changes of one calendar by a cursor (a
 * Google sync token, a Graph deltaLink), writes, and busy ranges.
 */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** An event as a provider has it (times as instants). */
export interface RemoteEvent {
  id: string;
  /** Our uid when the event is one we wrote (Google's iCalUID, Graph's transactionId). */
  ourUid: string | null;
  title: string;
  description: string;
  location: string;
  start: Date;
  end: Date;
  allDay: boolean;
  updatedAt: Date;
  /** Deleted or cancelled there. */
  removed: boolean;
  /** An occurrence of a series (its own changes are not brought back). */
  occurrence: boolean;
}

/** One of our events as written to a provider. */
export interface EventWrite {
  uid: string;
  title: string;
  description: string;
  location: string;
  start: Date;
  end: Date;
  allDay: boolean;
  timeZone: string;
  rrule: string | null;
  exdates: readonly string[];
}

export interface BusyRange {
  start: Date;
  end: Date;
}

export interface Changes {
  events: RemoteEvent[];
  cursor: string;
}

/** The provider forgot the cursor (Google 410, Graph 410 SyncStateNotFound): read it all again. */
export class CursorExpired extends Error {
  constructor() {
    super('sync cursor expired');
    this.name = 'CursorExpired';
  }
}

/** The provider refused our tokens for good (revoked consent): the person connects again. */
export class AccessRevoked extends Error {
  constructor(detail: string) {
    super(`access revoked: ${detail}`);
    this.name = 'AccessRevoked';
  }
}

/** Any other refusal or failure of the provider's API. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`provider answered ${status}: ${detail}`);
    this.name = 'ProviderError';
  }
}

export interface CalendarProvider {
  name: SyncProvider;
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  account(token: string): Promise<string>;
  calendars(token: string): Promise<RemoteCalendarEntry[]>;
  /** Changes since `cursor`; all events from `since` on when the cursor is null. */
  changes(token: string, calendarId: string, cursor: string | null, since: Date): Promise<Changes>;
  create(token: string, calendarId: string, event: EventWrite): Promise<RemoteEvent>;
  /** Null when the remote event is gone. */
  update(
    token: string,
    calendarId: string,
    remoteId: string,
    event: EventWrite,
  ): Promise<RemoteEvent | null>;
  remove(token: string, calendarId: string, remoteId: string): Promise<void>;
  busy(token: string, calendarIds: string[], from: Date, to: Date): Promise<BusyRange[]>;
}

/** A JSON request to a provider, with its errors turned into ours. */
export async function requestJson<T>(
  url: string,
  init: RequestInit & { token?: string; json?: unknown; form?: Record<string, string> },
): Promise<{ status: number; body: T | null }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed as T | null };
}

/** Reads a token endpoint's answer (RFC 6749 section 5). */
export function tokenSetOf(
  status: number,
  body: Record<string, unknown> | null,
  previousRefresh: string | null = null,
): TokenSet {
  if (status === 400 || status === 401) {
    throw new AccessRevoked(String(body?.error ?? status));
  }
  if (status !== 200 || typeof body?.access_token !== 'string') {
    throw new ProviderError(status, String(body?.error ?? 'token endpoint'));
  }
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : previousRefresh,
    expiresAt: Number.isFinite(expiresIn) ? new Date(Date.now() + expiresIn * 1000) : null,
  };
}
