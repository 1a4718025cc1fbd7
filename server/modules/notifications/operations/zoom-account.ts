import { and, eq, gt, lt } from 'drizzle-orm';
import type { ZoomAccount } from '@contracts/notifications';
import type { Actor } from '../../../core/actor';
import { newOauthState, oauthStateHash } from '../../../core/oauth-state';
import { unseal } from '../../../core/seal';
import { zoomConnections, zoomOauthStates } from '../../../db/schema';
import { refusal } from '../../../http/errors';
import { zoomSettings } from '../zoom';
import {
  exchangeZoomCode,
  revokeZoomToken,
  sealedTokens,
  ZOOM_TOKEN_PURPOSE,
  zoomAuthorizeUrl,
  zoomRedirectUri,
  zoomUserSettings,
} from '../zoom-account';
import type { SigningNotificationsDeps } from './deps';

/** `integrations/zoom`: whether the caller's own Zoom is connected (no token ever leaves). */
export async function showZoomAccount(
  deps: SigningNotificationsDeps,
  actor: Actor,
): Promise<{ zoom_account: ZoomAccount }> {
  const server_wide = zoomSettings(deps.config) !== null;
  if (!zoomUserSettings(deps.config)) {
    return { zoom_account: { status: 'not_configured', connected_at: null, server_wide } };
  }
  const [row] = await deps.db
    .select({ connectedAt: zoomConnections.connectedAt })
    .from(zoomConnections)
    .where(eq(zoomConnections.userId, actor.userId));
  return {
    zoom_account: {
      status: row ? 'connected' : 'not_connected',
      connected_at: row?.connectedAt.toISOString() ?? null,
      server_wide,
    },
  };
}

/** `integrations/zoom/login`: Zoom's consent page, with a one-time state tied to the caller. */
export async function startZoomConnect(deps: SigningNotificationsDeps, actor: Actor) {
  const settings = zoomUserSettings(deps.config);
  if (!settings) {
    throw refusal(409, 'zoom_not_configured', 'notifications:messages.zoom_user_not_configured');
  }
  const { state, stateHash, expiresAt } = newOauthState();
  await deps.db.transaction(async (tx) => {
    await tx.delete(zoomOauthStates).where(lt(zoomOauthStates.expiresAt, new Date()));
    await tx.insert(zoomOauthStates).values({ stateHash, userId: actor.userId, expiresAt });
  });
  return { url: zoomAuthorizeUrl(settings, state, zoomRedirectUri(deps.config)) };
}

/**
 * Zoom's redirect (without our session): spends the state, trades the code for tokens and keeps
 * them sealed. Answers the integrations page's address with `zoom=connected` or `zoom_error=`.
 */
export async function finishZoomConnect(
  deps: SigningNotificationsDeps,
  input: { code?: string; state?: string; error?: string },
) {
  const back = (query: string) =>
    `${deps.config.APP_URL.replace(/\/+$/, '')}/settings/integrations?${query}`;
  const settings = zoomUserSettings(deps.config);
  if (!settings) return back('zoom_error=not_configured');
  if (!input.state) return back('zoom_error=state_invalid');
  const [spent] = await deps.db
    .delete(zoomOauthStates)
    .where(
      and(
        eq(zoomOauthStates.stateHash, oauthStateHash(input.state)),
        gt(zoomOauthStates.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!spent) return back('zoom_error=state_invalid');
  if (input.error || !input.code) return back('zoom_error=denied');
  let tokens;
  try {
    tokens = await exchangeZoomCode(settings, input.code, zoomRedirectUri(deps.config));
  } catch {
    return back('zoom_error=provider_error');
  }
  const sealed = sealedTokens(deps.signingKeys, tokens);
  await deps.db
    .insert(zoomConnections)
    .values({ userId: spent.userId, ...sealed })
    .onConflictDoUpdate({
      target: zoomConnections.userId,
      set: { ...sealed, connectedAt: new Date() },
    });
  return back('zoom=connected');
}

/**
 * `DELETE integrations/zoom`: forgets the caller's Zoom tokens (idempotent), and asks Zoom to
 * revoke the grant (best effort: a Zoom that does not answer does not keep anyone connected).
 */
export async function disconnectZoom(deps: SigningNotificationsDeps, actor: Actor) {
  const [gone] = await deps.db
    .delete(zoomConnections)
    .where(eq(zoomConnections.userId, actor.userId))
    .returning();
  const settings = zoomUserSettings(deps.config);
  if (gone && settings) {
    // A token sealed with a retired key cannot be told to Zoom: forgetting it is all there is.
    const refresh = await unseal(deps.signingKeys, gone.refreshTokenSealed, ZOOM_TOKEN_PURPOSE)
      .then((unsealed) => unsealed.plain)
      .catch(() => null);
    if (refresh !== null) await revokeZoomToken(settings, refresh);
  }
  return showZoomAccount(deps, actor);
}
