import { and, eq, gt, lt } from 'drizzle-orm';
import type { SyncProvider } from '@contracts/calendar';
import type { Actor } from '../../../../core/actor';
import { newOauthState, oauthStateHash } from '../../../../core/oauth-state';
import {
  calendarConnections,
  calendarEventRemotes,
  calendarOauthStates,
} from '../../../../db/schema';
import { refusal } from '../../../../http/errors';
import { providerFor, redirectUriFor } from '../providers';
import { seal } from '../seal';
import type { SyncDeps } from './deps';

export function configuredProvider(deps: SyncDeps, name: SyncProvider) {
  const provider = providerFor(deps.config, name);
  if (!provider) {
    throw refusal(409, 'calendar_sync_not_configured', 'calendar:sync.not_configured');
  }
  return provider;
}

/**
 * Where the caller's browser goes to let us at their calendars: the provider's consent page,
 * with a one-time `state` tied to the caller that the callback must bring back.
 */
export async function startConnect(deps: SyncDeps, actor: Actor, name: SyncProvider) {
  const provider = configuredProvider(deps, name);
  const { state, stateHash, expiresAt } = newOauthState();
  await deps.db.transaction(async (tx) => {
    await tx.delete(calendarOauthStates).where(lt(calendarOauthStates.expiresAt, new Date()));
    await tx
      .insert(calendarOauthStates)
      .values({ stateHash, userId: actor.userId, provider: name, expiresAt });
  });
  return { url: provider.authorizeUrl(state, redirectUriFor(deps.config, name)) };
}

export interface CallbackInput {
  code?: string;
  state?: string;
  error?: string;
}

/**
 * The provider's callback: checks and spends the state, trades the code for tokens, reads the
 * account and its calendars and keeps (sealed) tokens. Answers the screen's address to go back
 * to, with `connected=` or `error=`: the browser arrives here without our session.
 */
export async function finishConnect(deps: SyncDeps, name: SyncProvider, input: CallbackInput) {
  const back = (query: string) =>
    `${deps.config.APP_URL.replace(/\/+$/, '')}/calendar/sync?provider=${name}&${query}`;
  const provider = providerFor(deps.config, name);
  if (!provider) return back('error=not_configured');
  if (!input.state) return back('error=state_invalid');
  const [spent] = await deps.db
    .delete(calendarOauthStates)
    .where(
      and(
        eq(calendarOauthStates.stateHash, oauthStateHash(input.state)),
        eq(calendarOauthStates.provider, name),
        gt(calendarOauthStates.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!spent) return back('error=state_invalid');
  if (input.error || !input.code) return back('error=denied');
  let tokens, account, calendars;
  try {
    tokens = await provider.exchangeCode(input.code, redirectUriFor(deps.config, name));
    account = await provider.account(tokens.accessToken);
    calendars = await provider.calendars(tokens.accessToken);
  } catch {
    return back('error=provider_error');
  }
  const keys = deps.signingKeys;
  const primary = calendars.find((calendar) => calendar.primary) ?? calendars[0];
  const fresh = {
    account,
    calendars,
    readCalendarIds: primary ? [primary.id] : [],
    writeCalendarId: primary?.writable ? primary.id : null,
    syncCursor: null,
    lastSyncAt: null,
    lastSyncStatus: null,
    lastSyncDetail: null,
  };
  const sealed = {
    accessTokenSealed: seal(keys, tokens.accessToken),
    refreshTokenSealed: tokens.refreshToken ? seal(keys, tokens.refreshToken) : null,
    accessTokenExpiresAt: tokens.expiresAt,
  };
  await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(calendarConnections)
      .where(
        and(eq(calendarConnections.userId, spent.userId), eq(calendarConnections.provider, name)),
      );
    if (!existing) {
      await tx
        .insert(calendarConnections)
        .values({ userId: spent.userId, provider: name, ...fresh, ...sealed });
    } else if (existing.account !== account) {
      // Another account: what was written to the former one is not this one's.
      await tx
        .delete(calendarEventRemotes)
        .where(eq(calendarEventRemotes.connectionId, existing.id));
      await tx
        .update(calendarConnections)
        .set({ ...fresh, ...sealed })
        .where(eq(calendarConnections.id, existing.id));
    } else {
      // The same account again (a new consent): new tokens, the person's choices kept.
      const ids = new Set(calendars.map((calendar) => calendar.id));
      await tx
        .update(calendarConnections)
        .set({
          ...sealed,
          calendars,
          readCalendarIds: existing.readCalendarIds.filter((id) => ids.has(id)),
        })
        .where(eq(calendarConnections.id, existing.id));
    }
  });
  return back('connected=1');
}
