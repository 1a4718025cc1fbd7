import { and, eq } from 'drizzle-orm';
import { RetiredKeyError, type SigningKeys } from '../../auth/signing-keys';
import type { AppConfig } from '../../config';
import type { Database, Tx } from '../../db/client';
import { seal, unseal } from '../../core/seal';
import { zoomConnections } from '../../db/schema';
import { ZoomError } from './zoom';

type ZoomConnectionRow = typeof zoomConnections.$inferSelect;

/**
 * A person's own Zoom (a general, user-managed OAuth app): the authorization-code flow at
 * ZOOM_AUTHORIZE_URL, tokens from ZOOM_OAUTH_URL (Basic client id:secret, form body), refreshed
 * with `grant_type=refresh_token` (Zoom answers a NEW refresh token each time; the old one stops
 * working, so the new one is kept in the same transaction). Tokens sealed at rest.
 */
export interface ZoomUserSettings {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
}

export const ZOOM_TOKEN_PURPOSE = 'zoom-user-tokens';
const TIMEOUT_MS = 10_000;
/** Refresh a little before Zoom's hour is up. */
const EARLY_MS = 60_000;

export function zoomUserSettings(config: AppConfig): ZoomUserSettings | null {
  if (!config.ZOOM_USER_CLIENT_ID || !config.ZOOM_USER_CLIENT_SECRET) return null;
  return {
    clientId: config.ZOOM_USER_CLIENT_ID,
    clientSecret: config.ZOOM_USER_CLIENT_SECRET,
    authorizeUrl: config.ZOOM_AUTHORIZE_URL,
    tokenUrl: config.ZOOM_OAUTH_URL,
    apiUrl: config.ZOOM_API_URL.replace(/\/+$/, ''),
  };
}

/** Where Zoom sends the browser back (must match the app's redirect URL in Zoom exactly). */
export const zoomRedirectUri = (config: AppConfig) =>
  `${config.APP_URL.replace(/\/+$/, '')}/api/v2/core/integrations/zoom/oauth`;

export function zoomAuthorizeUrl(settings: ZoomUserSettings, state: string, redirectUri: string) {
  const url = new URL(settings.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

export interface ZoomTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

async function tokenRequest(settings: ZoomUserSettings, form: Record<string, string>) {
  const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
  const response = await fetch(settings.tokenUrl, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as {
    access_token?: string;
    refresh_token?: string;
    expires_in?: number;
  } | null;
  if (!response.ok || !body?.access_token || !body.refresh_token) {
    throw new ZoomError(response.status, `Zoom token request refused (${response.status})`);
  }
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: new Date(Date.now() + (body.expires_in ?? 3600) * 1000),
  };
}

export const exchangeZoomCode = (settings: ZoomUserSettings, code: string, redirectUri: string) =>
  tokenRequest(settings, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });

const refreshZoomTokens = (settings: ZoomUserSettings, refreshToken: string) =>
  tokenRequest(settings, { grant_type: 'refresh_token', refresh_token: refreshToken });

/**
 * Asks Zoom to revoke a token (`POST /oauth/revoke?token=…` beside the token URL, Basic auth),
 * so a disconnect also ends the grant on Zoom's side. Best effort: false when Zoom refused or did
 * not answer (the tokens are forgotten here either way).
 */
export async function revokeZoomToken(settings: ZoomUserSettings, token: string) {
  const url = new URL(settings.tokenUrl.replace(/\/token\/?$/, '/revoke'));
  url.searchParams.set('token', token);
  const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

export function sealedTokens(keys: SigningKeys, tokens: ZoomTokens) {
  return {
    accessTokenSealed: seal(keys, tokens.accessToken, ZOOM_TOKEN_PURPOSE),
    refreshTokenSealed: seal(keys, tokens.refreshToken, ZOOM_TOKEN_PURPOSE),
    accessTokenExpiresAt: tokens.expiresAt,
  };
}

export class ZoomReconnect extends Error {
  constructor() {
    super('The Zoom connection no longer works: connect again');
    this.name = 'ZoomReconnect';
  }
}

export interface ZoomDeps {
  db: Database;
  config: AppConfig;
  signingKeys: SigningKeys;
}

/**
 * The person's Zoom access token, refreshed when due (the row locked meanwhile, so two requests
 * never spend one refresh token); null when they have not connected Zoom (or the server no
 * longer has the app). A refresh Zoom refuses (revoked, expired), or tokens sealed with a key
 * this server retired, forget the connection and throw ZoomReconnect.
 */
export async function zoomUserToken(deps: ZoomDeps, userId: number) {
  const { db, config, signingKeys: keys } = deps;
  const settings = zoomUserSettings(config);
  if (!settings) return null;
  const [row] = await db.select().from(zoomConnections).where(eq(zoomConnections.userId, userId));
  if (!row) return null;
  const outcome = await db.transaction(async (tx) => {
    try {
      if (row.accessTokenExpiresAt.getTime() > Date.now() + EARLY_MS) {
        return await currentAccessToken(tx, keys, row);
      }
      const [locked] = await tx
        .select()
        .from(zoomConnections)
        .where(eq(zoomConnections.userId, userId))
        .for('update');
      if (!locked) return null;
      if (locked.accessTokenExpiresAt.getTime() > Date.now() + EARLY_MS) {
        return await currentAccessToken(tx, keys, locked);
      }
      const refreshToken = await unseal(keys, locked.refreshTokenSealed, ZOOM_TOKEN_PURPOSE);
      let fresh: ZoomTokens;
      try {
        fresh = await refreshZoomTokens(settings, refreshToken.plain);
      } catch (error) {
        if (error instanceof ZoomError && error.status >= 400 && error.status < 500) {
          await tx.delete(zoomConnections).where(eq(zoomConnections.userId, userId));
          return 'reconnect' as const;
        }
        throw error;
      }
      await tx
        .update(zoomConnections)
        .set(sealedTokens(keys, fresh))
        .where(eq(zoomConnections.userId, userId));
      return fresh.accessToken;
    } catch (error) {
      if (!(error instanceof RetiredKeyError)) throw error;
      await tx.delete(zoomConnections).where(eq(zoomConnections.userId, userId));
      return 'reconnect' as const;
    }
  });
  if (outcome === 'reconnect') throw new ZoomReconnect();
  return outcome === null ? null : { settings, token: outcome };
}

/**
 * The access token of a connection that is not due for a refresh; sealed again with the current
 * key when an older one sealed it (unless a refresh replaced the tokens meanwhile).
 */
async function currentAccessToken(tx: Tx, keys: SigningKeys, row: ZoomConnectionRow) {
  const access = await unseal(keys, row.accessTokenSealed, ZOOM_TOKEN_PURPOSE);
  if (access.stale) {
    const refresh = await unseal(keys, row.refreshTokenSealed, ZOOM_TOKEN_PURPOSE);
    await tx
      .update(zoomConnections)
      .set(
        sealedTokens(keys, {
          accessToken: access.plain,
          refreshToken: refresh.plain,
          expiresAt: row.accessTokenExpiresAt,
        }),
      )
      .where(
        and(
          eq(zoomConnections.userId, row.userId),
          eq(zoomConnections.accessTokenSealed, row.accessTokenSealed),
        ),
      );
  }
  return access.plain;
}
