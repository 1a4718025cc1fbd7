import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

/** A workspace's people (spec 2.6): members, invitations and roles. */
export const routes: FeatureRoutes = {
  namespaces: ['workspaces', 'lti'],
  workspace: [
    pageRoute(() => import('./PeoplePage'), {
      id: 'workspaces-workspace-people',
      path: 'people',
      handle: { title: 'app:titles.people', area: 'people' },
    }),
  ],
};
