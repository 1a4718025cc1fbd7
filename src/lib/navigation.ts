/**
 * Lets code outside React (the HTTP client) move to another route. The app shell hands over the
 * router's navigate at start; before that a full page load does the job.
 */
type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function setNavigator(next: Navigate): void {
  navigate = next;
}

export function navigateTo(to: string): void {
  navigate(to);
}

/** The route the visitor is on, as a path with query and hash. */
export function currentRoute(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/**
 * Loads a route's page code ahead of a visit. The router hands over its route matcher at start;
 * before that there is nothing to prefetch.
 */
type Prefetch = (to: string) => Promise<unknown>;

let prefetch: Prefetch = () => Promise.resolve();

export function setRoutePrefetcher(next: Prefetch): void {
  prefetch = next;
}

export function prefetchRoute(to: string): Promise<unknown> {
  return prefetch(to);
}

/**
 * Spec 2.14: a page transition named 'page' (the old page fades out, then the new one in).
 * Skipped for people who ask for less motion.
 */
export function wantsPageTransition(): boolean {
  return !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}
