import type { AppConfig } from '../../config';

/**
 * Zoom meetings through a server-to-server OAuth app: a token by the `account_credentials`
 * grant (Basic client id:secret) at ZOOM_OAUTH_URL, then `POST /v2/users/me/meetings` at
 * ZOOM_API_URL (201 with the meeting's id, join_url, start_url, password).
 */
export interface ZoomSettings {
  accountId: string;
  clientId: string;
  clientSecret: string;
  oauthUrl: string;
  apiUrl: string;
}

export function zoomSettings(config: AppConfig): ZoomSettings | null {
  if (!config.ZOOM_ACCOUNT_ID || !config.ZOOM_CLIENT_ID || !config.ZOOM_CLIENT_SECRET) return null;
  return {
    accountId: config.ZOOM_ACCOUNT_ID,
    clientId: config.ZOOM_CLIENT_ID,
    clientSecret: config.ZOOM_CLIENT_SECRET,
    oauthUrl: config.ZOOM_OAUTH_URL,
    apiUrl: config.ZOOM_API_URL.replace(/\/+$/, ''),
  };
}

export class ZoomError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ZoomError';
  }
}

const TIMEOUT_MS = 10_000;
const tokens = new Map<string, { token: string; expiresAt: number }>();

async function zoomToken(settings: ZoomSettings): Promise<string> {
  const key = `${settings.oauthUrl}|${settings.accountId}|${settings.clientId}`;
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
  const url = new URL(settings.oauthUrl);
  url.searchParams.set('grant_type', 'account_credentials');
  url.searchParams.set('account_id', settings.accountId);
  const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as {
    access_token?: string;
    expires_in?: number;
  } | null;
  if (!response.ok || !body?.access_token) {
    throw new ZoomError(response.status, `Zoom token request refused (${response.status})`);
  }
  tokens.set(key, {
    token: body.access_token,
    expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000,
  });
  return body.access_token;
}

export interface ZoomMeeting {
  id: string;
  join_url: string;
  start_url: string | null;
  password: string | null;
}

export interface ZoomMeetingInput {
  topic: string;
  startAt: Date;
  durationMinutes: number;
  agenda?: string;
}

/** A scheduled meeting (type 2) in the server app's account. */
export async function createZoomMeeting(
  settings: ZoomSettings,
  meeting: ZoomMeetingInput,
): Promise<ZoomMeeting> {
  const token = await zoomToken(settings);
  try {
    return await createZoomMeetingAs(settings.apiUrl, token, meeting);
  } catch (error) {
    if (error instanceof ZoomError && error.status === 401) tokens.clear();
    throw error;
  }
}

/**
 * `POST /v2/users/me/meetings` with a bearer token: the server app's, or a person's own (their
 * Zoom account then owns the meeting).
 */
export async function createZoomMeetingAs(
  apiUrl: string,
  token: string,
  meeting: ZoomMeetingInput,
): Promise<ZoomMeeting> {
  const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/v2/users/me/meetings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      topic: meeting.topic,
      type: 2,
      start_time: meeting.startAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      duration: meeting.durationMinutes,
      timezone: 'UTC',
      agenda: meeting.agenda?.slice(0, 2000),
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as {
    id?: number | string;
    join_url?: string;
    start_url?: string;
    password?: string;
    message?: string;
  } | null;
  if (response.status !== 201 || !body?.join_url || body.id === undefined) {
    throw new ZoomError(
      response.status,
      `Zoom refused the meeting (${response.status}): ${body?.message ?? ''}`,
    );
  }
  return {
    id: String(body.id),
    join_url: body.join_url,
    start_url: body.start_url ?? null,
    password: body.password ?? null,
  };
}
