import { describe, expect, it } from 'vitest';
import { preloadOf } from '@/lib/lazy-page';
import type { AppRoute } from './route-types';
import { buildAppRoutes } from './routes';

function lazyRoutes(routes: AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => [
    ...(route.lazy ? [route] : []),
    ...(!route.index && route.children ? lazyRoutes(route.children) : []),
  ]);
}

describe('the route tree', () => {
  it('keeps every lazy page quietly prefetchable, also where the area loads its words first', () => {
    const pages = lazyRoutes(buildAppRoutes());
    expect(pages.length).toBeGreaterThan(50);
    expect(pages.filter((route) => !preloadOf(route.lazy)).map((route) => route.id)).toEqual([]);
  });
});
