import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

/** Team formation of a workspace (spec 4 "Random team formation", 7.3) and public workspaces (7.8). */
export const routes: FeatureRoutes = {
  namespaces: ['team-formation', 'personality'],
  app: [
    pageRoute(() => import('./pages/PublicWorkspacesPage'), {
      id: 'team-generator',
      path: 'team-generator',
      handle: { title: 'team-formation:public.title', area: 'workspaces' },
    }),
  ],
  workspace: [
    pageRoute(() => import('./pages/TeamFormationPage'), {
      id: 'workspaces-workspace-team-formation',
      path: 'team-formation',
      handle: { title: 'team-formation:page.title', area: 'people' },
    }),
  ],
};
