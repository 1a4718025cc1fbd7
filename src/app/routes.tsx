/**
 * The route tree: every route of spec 2.1-2.6, by the spec's names (route `id`s).
 *
 * THE SEAM. Each area owns `src/features/<area>/routes.tsx`, which exports
 * `routes: FeatureRoutes` (see route-types.ts):
 *   - `app`: top-level routes, e.g. { id: 'calendar', path: 'calendar', lazy: lazyPage(...) };
 *   - `workspace`: children of /workspaces/:workspace (spec 2.6), mounted under the
 *     'workspaces-workspace' route whoever defines it;
 *   - `settings`: children of /settings (spec 2.4).
 * An area not built yet lists its routes through `notAvailable(area, [...])`, which shows the
 * layout with a "not available yet" state. To build an area, replace the contents of its
 * routes file (keep the route ids: guards, links and tests use them). A new area adds one
 * import and one entry to `areas` below. Pages load lazily through `lazyPage` (one chunk each),
 * together with the translation namespaces their area names in `namespaces`.
 */
import { data } from 'react-router';
import { loadNamespaces } from '@/lib/i18n';
import { preloadOf } from '@/lib/lazy-page';
import { routes as assessments } from '@/features/assessments/routes';
import { routes as auth } from '@/features/auth/routes';
import { routes as calendar } from '@/features/calendar/routes';
import { routes as dashboard } from '@/features/dashboard/routes';
import { routes as drive } from '@/features/drive/routes';
import { routes as integrations } from '@/features/integrations/routes';
import { routes as legal } from '@/features/legal/routes';
import { routes as lti } from '@/features/lti/routes';
import { routes as messages } from '@/features/messages/routes';
import { routes as notifications } from '@/features/notifications/routes';
import { routes as okrs } from '@/features/okrs/routes';
import { routes as payments } from '@/features/payments/routes';
import { routes as people } from '@/features/people/routes';
import { routes as profile } from '@/features/profile/routes';
import { routes as recruit } from '@/features/recruit/routes';
import { routes as settings } from '@/features/settings/routes';
import { routes as share } from '@/features/share/routes';
import { routes as tasks } from '@/features/tasks/routes';
import { routes as teamFormation } from '@/features/team-formation/routes';
import { routes as workspaceTeams } from '@/features/workspace-teams/routes';
import { routes as workspaces } from '@/features/workspaces/routes';
import { ErrorsRoutePage, NOT_FOUND_TEXT } from './ErrorPage';
import type { AppRoute, FeatureRoutes } from './route-types';

const areas: FeatureRoutes[] = [
  auth,
  legal,
  dashboard,
  workspaces,
  people,
  tasks,
  okrs,
  assessments,
  recruit,
  profile,
  workspaceTeams,
  teamFormation,
  settings,
  messages,
  notifications,
  calendar,
  drive,
  payments,
  integrations,
  lti,
  share,
];

/** Where the `workspace` and `settings` contributions of every area are mounted. */
const MOUNTS = { workspace: 'workspaces-workspace', settings: 'settings' } as const;

/** Each lazy route of an area loads the area's translations alongside its code. */
function withNamespaces(routes: AppRoute[], namespaces: readonly string[]): AppRoute[] {
  return routes.map((route) => {
    const { lazy } = route;
    const loaded =
      typeof lazy === 'function'
        ? {
            ...route,
            // The page's quiet prefetch (`lazyPage`'s preload) stays with it.
            lazy: Object.assign(
              async () => (await Promise.all([lazy(), loadNamespaces(namespaces)]))[0],
              { preload: preloadOf(lazy) },
            ),
          }
        : route;
    return !loaded.index && loaded.children
      ? { ...loaded, children: withNamespaces(loaded.children, namespaces) }
      : loaded;
  }) as AppRoute[];
}

function mount(routes: AppRoute[], parentId: string, children: AppRoute[]): AppRoute[] {
  return routes.map((route) => {
    if (route.index) return route;
    if (route.id === parentId)
      return { ...route, children: [...(route.children ?? []), ...children] };
    return route.children
      ? { ...route, children: mount(route.children, parentId, children) }
      : route;
  });
}

export function buildAppRoutes(features: FeatureRoutes[] = areas): AppRoute[] {
  const featureRoutes = features.map(({ namespaces = [], ...places }) =>
    Object.fromEntries(
      Object.entries(places).map(([place, routes]) => [place, withNamespaces(routes, namespaces)]),
    ),
  ) as FeatureRoutes[];
  let tree: AppRoute[] = [
    { id: 'index', index: true, handle: { guards: ['redirectFromHome'] }, Component: () => null },
    {
      id: 'errors',
      path: 'errors',
      handle: { title: 'app:titles.errors' },
      Component: ErrorsRoutePage,
    },
    ...featureRoutes.flatMap((feature) => feature.app ?? []),
    {
      id: 'not-found',
      path: '*',
      handle: { title: 'app:titles.not_found' },
      loader: () => {
        throw data(NOT_FOUND_TEXT, { status: 404, statusText: NOT_FOUND_TEXT });
      },
    },
  ];
  for (const [key, parentId] of Object.entries(MOUNTS) as [keyof typeof MOUNTS, string][]) {
    tree = mount(
      tree,
      parentId,
      featureRoutes.flatMap((feature) => feature[key] ?? []),
    );
  }
  return tree;
}
