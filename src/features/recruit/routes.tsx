import { notAvailable } from '@/app/not-available';
import type { FeatureRoutes } from '@/app/route-types';

/** Talent pool and job positions (spec 2.2, 2.6), not built yet. */
export const routes: FeatureRoutes = {
  app: notAvailable('talent_pool', [
    { id: 'position-id', path: 'position/:id?', handle: { title: 'app:titles.position' } },
  ]),
  workspace: notAvailable('talent_pool', [
    {
      id: 'workspaces-workspace-talent-pool',
      path: 'talent-pool',
      handle: { title: 'app:titles.talent_pool' },
    },
  ]),
};
