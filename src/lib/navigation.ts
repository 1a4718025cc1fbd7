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
