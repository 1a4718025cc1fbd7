import { lazyPage, type PageLoader } from '@/lib/lazy-page';
import type { AppRoute, RouteHandle } from './route-types';

/** A page route's name, place and handle: all of it but the page, which `pageRoute` adds. */
export type PageRoutePlace =
  | { id: string; path: string; handle?: RouteHandle; children?: AppRoute[] }
  | { id: string; index: true; handle?: RouteHandle };

/**
 * A route that shows one page, loaded as its own chunk on first visit (`lazyPage`):
 *   pageRoute(() => import('./CalendarPage'), { id: 'calendar', path: 'calendar', handle })
 */
export function pageRoute(load: PageLoader, place: PageRoutePlace): AppRoute {
  return { ...place, lazy: lazyPage(load) };
}
