import type { ThemeName } from '@/app/ThemeProvider';
import type { Language } from '@/lib/i18n';

/**
 * The host bridge's decisions as pure functions: how we were launched, which theme and
 * language the host asks for, and which routes may show embedded. No Teams SDK here.
 */

/** The in-host marker the manifest puts on every content and configuration URL. */
export const IN_HOST_PARAM = 'inTeams';

/**
 * Spec 2.8's team-chat embedding flag. Set when the app starts inside the host, so a reload
 * of the tab (whose address no longer carries the marker) still knows; rewritten to `false`
 * whenever a route may not be embedded, so the standalone window never inherits it.
 */
export const EMBEDDED_COOKIE = 'teams_embedded';

/** How long the SDK may take to hear from the host before we carry on standalone. */
export const HOST_TIMEOUT_MS = 6_000;

export type Launch = 'standalone' | 'host';

interface WindowLike {
  location: { pathname: string; search: string };
  self: unknown;
  top: unknown;
  /** Teams mobile runs tabs in a top-level web view that talks through this. */
  nativeInterface?: unknown;
}

/**
 * Decided before the SDK is touched: a learning platform's launch never waits for it (inside
 * an LMS iframe it would hang for a minute), a top-level browser window is standalone at
 * once, and only the marker (or the flag, on a reload inside the host) makes us ask.
 */
export function launchOf(win: WindowLike, embeddedFlag: string | undefined): Launch {
  if (win.location.pathname.startsWith('/lti/')) return 'standalone';
  if (win.self === win.top && win.nativeInterface === undefined) return 'standalone';
  const marked = new URLSearchParams(win.location.search).get(IN_HOST_PARAM) === '1';
  return marked || embeddedFlag === 'true' ? 'host' : 'standalone';
}

/**
 * The host's theme as one of ours. Teams says `default`, `dark` or `contrast`; newer hosts
 * have more names, which get the light theme rather than a broken page.
 */
export function themeFor(hostTheme: string | undefined): ThemeName {
  switch (hostTheme) {
    case 'dark':
      return 'teams-dark';
    case 'contrast':
      return 'teams-contrast';
    default:
      return 'teams-light';
  }
}

/** The host's locale (`vi-VN`, `en-US`, ...) as one of our languages. */
export function languageFor(locale: string | undefined): Language {
  return locale?.toLowerCase().split(/[-_]/)[0] === 'vi' ? 'vi' : 'en';
}

/**
 * Spec 2.8: the embedding flag is honoured only on the people and profile routes (the
 * person's own profile pages and another person's profile). Matched by route name.
 */
const EMBEDDABLE_ROUTES = ['workspaces-workspace-people', 'profile', 'user-user-name'];

export function isEmbeddable(routeIds: readonly string[]): boolean {
  return routeIds.some((id) => EMBEDDABLE_ROUTES.includes(id));
}

/**
 * What a tab's `page.subPageId` may ask for: the people page, a profile, or a shared record
 * (/share/:workspace/:type/:id, which checks access itself), as a path.
 */
export function deepLinkPath(subPageId: string | undefined): string | null {
  if (!subPageId) return null;
  return /^\/(workspaces\/\d+\/people|profile(\/[\w-]+)*|user\/[\w-]+\/[^/?#]+|share\/\d+(\/workspace|\/(task|objective|assessment)\/\d+)?)$/.test(
    subPageId,
  )
    ? subPageId
    : null;
}

/**
 * The Teams deep link to a people or profile page: it opens our personal app's profile tab
 * (`entityId` profile), whose `subPageId` the bridge turns back into the route on launch.
 */
export function teamsDeepLink(appId: string, path: string, label: string, origin: string): string {
  const link = new URL(`https://teams.microsoft.com/l/entity/${appId}/profile`);
  link.searchParams.set('label', label);
  link.searchParams.set('webUrl', new URL(path, origin).href);
  link.searchParams.set('context', JSON.stringify({ subEntityId: path }));
  return link.href;
}
