import type { app } from '@microsoft/teams-js';
import { useSyncExternalStore } from 'react';
import type { SignInResult } from '@contracts/auth';
import { CONSENT_REQUIRED } from '@contracts/constants';
import { currentUserKey } from '@/lib/current-user';
import { setThemeName, type ThemeName } from '@/app/ThemeProvider';
import { loadChunk } from '@/lib/chunk-reload';
import { crossSiteCookieOptions, readCookie, writeCookie } from '@/lib/cookies';
import { currentLanguage, type Language } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { setAccessToken } from '@/lib/session';
import {
  deepLinkPath,
  EMBEDDED_COOKIE,
  HOST_TIMEOUT_MS,
  IN_HOST_PARAM,
  languageFor,
  launchOf,
  themeFor,
} from './launch';

/**
 * The host bridge: the one place that talks to Microsoft Teams (and the other Microsoft 365
 * hosts) through @microsoft/teams-js. The rest of the app asks it questions (are we in a
 * host, which theme, who is signed in) through `useHostState` and the functions below.
 * The SDK itself loads only once the page is launched in a host: a plain browser visit never
 * downloads it, nor makes the requests it makes when it starts.
 */

type TeamsSdk = typeof import('@microsoft/teams-js');
let sdk: TeamsSdk | null = null;

export type SsoState =
  'none' | 'signing-in' | 'signed-in' | 'consent-required' | 'second-factor' | 'failed';

export interface HostState {
  mode: 'standalone' | 'host';
  /** `TeamsModern` in the new Teams, `Teams` in the classic one, `Outlook`, `Office`, ... */
  hostName?: string;
  clientType?: string;
  /** `content`, `settings` (tab configuration), `remove`, `sidePanel`, `authentication`. */
  frameContext?: string;
  locale?: string;
  language?: Language;
  theme?: ThemeName;
  page?: { id?: string; subPageId?: string };
  team?: { internalId?: string; displayName?: string; groupId?: string };
  channel?: { id?: string; displayName?: string };
  chatId?: string;
  user?: { id?: string; tenantId?: string; loginHint?: string };
  appId?: string;
  sso: SsoState;
  /** The server's words about a failed or incomplete SSO, shown to the person. */
  ssoMessage?: string;
  /** The second-factor challenge when the account has 2FA on. */
  signInResult?: SignInResult;
}

let state: HostState = { mode: 'standalone', sso: 'none' };
const listeners = new Set<() => void>();

function update(changes: Partial<HostState>) {
  state = { ...state, ...changes };
  listeners.forEach((listener) => listener());
}

export function getHostState(): HostState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;

export function useHostState(): HostState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Rewrites the embedding flag's cookie (spec 2.8). */
export function setEmbeddedFlag(embedded: boolean) {
  writeCookie(EMBEDDED_COOKIE, String(embedded), crossSiteCookieOptions(1));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The host did not answer in time')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Finds out whether we run inside a Microsoft 365 host, and if so takes its context, theme
 * (and its later changes) and locale. Call it once, before the app renders. A deep link's
 * `subPageId` (a people or profile path) replaces the address, so the router starts there.
 */
export async function connectHost(): Promise<HostState> {
  if (launchOf(window, readCookie(EMBEDDED_COOKIE)) === 'standalone') {
    if (readCookie(EMBEDDED_COOKIE) === 'true') setEmbeddedFlag(false);
    return state;
  }
  let context: app.Context;
  let teams: TeamsSdk;
  try {
    teams = await loadChunk(() => import('@microsoft/teams-js'));
    const { app } = teams;
    await withTimeout(app.initialize(), HOST_TIMEOUT_MS);
    context = await withTimeout(app.getContext(), HOST_TIMEOUT_MS);
  } catch {
    // Marked as in a host but nobody answered: carry on as the plain web app.
    setEmbeddedFlag(false);
    return state;
  }
  sdk = teams;
  const theme = themeFor(context.app.theme);
  setThemeName(theme);
  teams.app.registerOnThemeChangeHandler((hostTheme) => {
    const changed = themeFor(hostTheme);
    setThemeName(changed);
    update({ theme: changed });
  });
  update({
    mode: 'host',
    hostName: context.app.host.name,
    clientType: context.app.host.clientType,
    frameContext: context.page.frameContext,
    locale: context.app.locale,
    language: languageFor(context.app.locale),
    theme,
    page: { id: context.page.id, subPageId: context.page.subPageId },
    team: context.team && {
      internalId: context.team.internalId,
      displayName: context.team.displayName,
      groupId: context.team.groupId,
    },
    channel: context.channel && {
      id: context.channel.id,
      displayName: context.channel.displayName,
    },
    chatId: context.chat?.id,
    user: context.user && {
      id: context.user.id,
      tenantId: context.user.tenant?.id,
      loginHint: context.user.loginHint,
    },
    appId: context.app.appId?.toString(),
  });
  setEmbeddedFlag(true);
  const start = deepLinkPath(context.page.subPageId);
  if (start) window.history.replaceState(null, '', `${start}?${IN_HOST_PARAM}=1`);
  return state;
}

/** Tells the host the app has loaded, so it takes its loading indicator away. */
export function reportLoaded() {
  if (sdk) void sdk.app.notifySuccess();
}

/** Tells the host the app could not load, so it shows its own error instead of waiting. */
export function reportFailure(error: unknown) {
  if (!sdk) return;
  sdk.app.notifyFailure({
    reason: sdk.app.FailedReason.Other,
    message: error instanceof Error ? error.message : String(error),
  });
}

interface ExchangeAnswer {
  status: number;
  accessToken: string | null;
  body: { resource?: SignInResult; messages?: string[]; code?: string } | null;
}

async function exchange(ssoToken: string): Promise<ExchangeAnswer> {
  const response = await fetch('/auth/teams/exchange', {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: currentLanguage() },
    body: JSON.stringify({ token: ssoToken }),
  });
  return {
    status: response.status,
    accessToken: response.headers.get('access-token'),
    body: await response.json().catch(() => null),
  };
}

/**
 * Teams SSO: the host's token for our API, exchanged at the bot-proxy for our own access
 * token. Ends in `signed-in`; in `consent-required` (the person must approve in a pop-up,
 * which needs their click: see `grantConsent`); in `second-factor`; or in `failed`, where
 * the regular sign-in takes over.
 */
export async function signInThroughHost(): Promise<SsoState> {
  if (!sdk) return state.sso;
  update({ sso: 'signing-in', ssoMessage: undefined });
  let answer: ExchangeAnswer;
  try {
    answer = await exchange(await sdk.authentication.getAuthToken());
  } catch {
    update({ sso: 'failed' });
    return state.sso;
  }
  const { status, body, accessToken } = answer;
  const result = body?.resource;
  if (status === 200 && result?.two_factor_required) {
    update({ sso: 'second-factor', signInResult: result });
  } else if (status === 200 && result?.user && accessToken) {
    queryClient.setQueryData(currentUserKey, result.user);
    setAccessToken(accessToken);
    update({ sso: 'signed-in' });
  } else {
    const consent = status === 403 && body?.code === CONSENT_REQUIRED;
    const message = body?.messages?.[0];
    update({ sso: consent ? 'consent-required' : 'failed', ssoMessage: message });
    // The regular sign-in takes over; the person learns why they have to use it.
    if (!consent && message) notify({ intent: 'error', text: message });
  }
  return state.sso;
}

/**
 * The consent pop-up (tabs/auth-start.html on to Entra ID and back to auth-end.html), then
 * SSO again. Only on the person's click: hosts block pop-ups nobody asked for.
 */
export async function grantConsent(): Promise<SsoState> {
  if (!sdk) return state.sso;
  try {
    await sdk.authentication.authenticate({
      url: new URL('/tabs/auth-start.html', window.location.origin).href,
      width: 600,
      height: 535,
    });
  } catch {
    update({ sso: 'failed' });
    return state.sso;
  }
  return signInThroughHost();
}

/** Gives up on SSO for this visit: the regular sign-in page takes over. */
export function fallBackToSignIn() {
  update({ sso: 'failed', signInResult: undefined });
}

/**
 * Opens a route of ours in the full, standalone app: in the browser through the host when
 * embedded (the embedding flag is reset first, spec 2.8), else in this window.
 */
export function openStandalone(path: string) {
  const url = new URL(path, window.location.origin);
  url.searchParams.delete(IN_HOST_PARAM);
  if (!sdk) {
    window.location.assign(url.href);
    return;
  }
  setEmbeddedFlag(false);
  void sdk.app.openLink(url.href);
}
