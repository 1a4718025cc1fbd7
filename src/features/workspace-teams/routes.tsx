import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

/** Teams of a workspace (spec 4 "Team", 7.3), inside the workspace area. */
export const routes: FeatureRoutes = {
  namespaces: ['workspace-teams', 'team-formation'],
  workspace: [
    pageRoute(() => import('./pages/TeamsPage'), {
      id: 'workspaces-workspace-teams',
      path: 'teams',
      handle: { title: 'workspace-teams:page.title', area: 'people' },
    }),
  ],
};
