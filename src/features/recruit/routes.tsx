import { lazyPage } from '@/lib/lazy-page';
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
    {
      id: 'position-id',
      path: 'position/:id?',
      handle: { title: 'app:titles.position', layout: 'default' },
      lazy: lazyPage(() => import('./pages/PositionPage')),
    },
  ],
  workspace: [
    {
      id: 'workspaces-workspace-talent-pool',
      path: 'talent-pool',
      handle,
      lazy: lazyPage(() => import('./pages/RecruitLayout')),
      children: [
        {
          id: 'workspaces-workspace-talent-pool-jobs',
          index: true,
          handle,
          lazy: lazyPage(() => import('./pages/JobsPage')),
        },
        {
          id: 'workspaces-workspace-talent-pool-pool',
          path: 'pool',
          handle,
          lazy: lazyPage(() => import('./pages/TalentPoolPage')),
        },
        {
          id: 'workspaces-workspace-talent-pool-job',
          path: 'jobs/:job/:view?',
          handle,
          lazy: lazyPage(() => import('./pages/JobPage')),
        },
        {
          id: 'workspaces-workspace-talent-pool-candidate',
          path: 'candidates/:candidate',
          handle,
          lazy: lazyPage(() => import('./pages/CandidatePage')),
        },
      ],
    },
  ],
};
