import { lazyPage } from '@/app/lazy-page';
import type { FeatureRoutes } from '@/app/route-types';

/** Team formation of a workspace (spec 4 "Random team formation", 7.3). */
export const routes: FeatureRoutes = {
  workspace: [
    {
      id: 'workspaces-workspace-team-formation',
      path: 'team-formation',
      handle: { title: 'team-formation:page.title', area: 'people' },
      lazy: lazyPage(() => import('./pages/TeamFormationPage')),
    },
  ],
};
