import { useSyncExternalStore } from 'react';
import { crossSiteCookieOptions, readCookie, removeCookie, writeCookie } from './cookies';
import { queryClient } from './query-client';
import { createValueStore, useStoredValue } from './value-store';

/** Spec 9: the access token lives in a cookie for 100 days (secure, same-site none, path /). */
export const ACCESS_TOKEN_COOKIE = 'access_token';
export const ACCESS_TOKEN_DAYS = 100;
/** Where a signed-out visitor was going, so sign-in can take them there (spec 2.8). */
export const PREVIOUS_ROUTE_COOKIE = 'previous_route';
/** The address of an unverified account, kept for the verify page (spec 2.8). */
export const VERIFY_EMAIL_COOKIE = 'verify_email';
const SAVED_COOKIE_DAYS = 100;

/* The token is mirrored in memory so a browser that refuses the cookie still works this visit. */
let accessToken: string | null = readCookie(ACCESS_TOKEN_COOKIE) || null;
const tokenListeners = new Set<() => void>();
const sessionEndListeners = new Set<() => void>();

function emitToken() {
  tokenListeners.forEach((listener) => listener());
}

export function getAccessToken(): string | null {
  return accessToken;
}

export function setAccessToken(token: string): void {
  if (token === accessToken) return;
  accessToken = token;
  writeCookie(ACCESS_TOKEN_COOKIE, token, crossSiteCookieOptions(ACCESS_TOKEN_DAYS));
  emitToken();
}

export function subscribeAccessToken(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/** The current token; components re-render when it is set or cleared. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeAccessToken, getAccessToken, getAccessToken);
}

/**
 * Features with state outside TanStack Query (chat windows, drafts, tours) register here to
 * reset it when the session ends (spec 4: logout resets every store).
 */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/** Forgets the session in this browser: token, cached server state and feature stores. */
export function endSessionLocally(): void {
  accessToken = null;
  removeCookie(ACCESS_TOKEN_COOKIE);
  queryClient.clear();
  sessionEndListeners.forEach((listener) => listener());
  emitToken();
}

export function rememberRoute(route: string): void {
  writeCookie(PREVIOUS_ROUTE_COOKIE, route, { days: SAVED_COOKIE_DAYS });
}

/** The remembered route, once: it is cleared as it is read. Only same-site paths come back. */
export function takeRememberedRoute(): string | undefined {
  const route = readCookie(PREVIOUS_ROUTE_COOKIE);
  removeCookie(PREVIOUS_ROUTE_COOKIE);
  return route && route.startsWith('/') && !route.startsWith('//') ? route : undefined;
}

export function keepVerifyEmail(email: string): void {
  writeCookie(VERIFY_EMAIL_COOKIE, email, { days: SAVED_COOKIE_DAYS });
}

export function keptVerifyEmail(): string | undefined {
  return readCookie(VERIFY_EMAIL_COOKIE) || undefined;
}

export function forgetVerifyEmail(): void {
  removeCookie(VERIFY_EMAIL_COOKIE);
}

/*
 * While a sign-in is being completed (second factor, recovery codes to read), the token already
 * exists but the sign-in page must stay: the `guest` guard waits for this to end.
 */
const signInInProgress = createValueStore(false);

export const setSignInInProgress = signInInProgress.set;

export function useSignInInProgress(): boolean {
  return useStoredValue(signInInProgress);
}
