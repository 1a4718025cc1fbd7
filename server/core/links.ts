import type { AppDeps } from '../context';

/** A link into the app (mail, notifications, Teams activity): a page of APP_URL with a query. */
export function appLink(deps: AppDeps, pathname: string, query: Record<string, string> = {}) {
  const url = new URL(pathname, deps.config.APP_URL);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
