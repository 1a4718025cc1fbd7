import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes, RouteHandle } from '@/app/route-types';

const handle: RouteHandle = { title: 'app:titles.talent_pool', area: 'talent_pool' };

/**
 * Recruiting (spec 2.2, 2.6, 7.7). In a recruit workspace, the "talent pool" section holds the
 * jobs (with each job's pipeline board, screening and candidates) and the workspace's talent
 * pool; /position/:id is a job's public page, open without sign-in.
 */
export const routes: FeatureRoutes = {
  namespaces: ['recruit', 'personality'],
  app: [
    pageRoute(() => import('./pages/PositionPage'), {
      id: 'position-id',
      path: 'position/:id?',
      handle: { title: 'app:titles.position', layout: 'default' },
    }),
  ],
  workspace: [
    pageRoute(() => import('./pages/RecruitLayout'), {
      id: 'workspaces-workspace-talent-pool',
      path: 'talent-pool',
      handle,
      children: [
        pageRoute(() => import('./pages/JobsPage'), {
          id: 'workspaces-workspace-talent-pool-jobs',
          index: true,
          handle,
        }),
        pageRoute(() => import('./pages/TalentPoolPage'), {
          id: 'workspaces-workspace-talent-pool-pool',
          path: 'pool',
          handle,
        }),
        pageRoute(() => import('./pages/JobPage'), {
          id: 'workspaces-workspace-talent-pool-job',
          path: 'jobs/:job/:view?',
          handle,
        }),
        pageRoute(() => import('./pages/CandidatePage'), {
          id: 'workspaces-workspace-talent-pool-candidate',
          path: 'candidates/:candidate',
          handle,
        }),
      ],
    }),
  ],
};
