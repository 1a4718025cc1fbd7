import { lazyPage } from '@/lib/lazy-page';
import type { FeatureRoutes } from '@/app/route-types';

/** Teams of a workspace (spec 4 "Team", 7.3), inside the workspace area. */
export const routes: FeatureRoutes = {
  namespaces: ['workspace-teams', 'team-formation'],
  workspace: [
    {
      id: 'workspaces-workspace-teams',
      path: 'teams',
      handle: { title: 'workspace-teams:page.title', area: 'people' },
      lazy: lazyPage(() => import('./pages/TeamsPage')),
    },
  ],
};
