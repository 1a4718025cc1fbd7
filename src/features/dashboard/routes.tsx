import { lazyPage } from '@/lib/lazy-page';
import { notAvailable } from '@/app/not-available';
import type { FeatureRoutes } from '@/app/route-types';

/** Dashboard area. /dashboard is the welcome page every sign-in lands on until this area is built. */
export const routes: FeatureRoutes = {
  app: [
    {
      id: 'dashboard',
      path: 'dashboard',
      handle: { title: 'app:titles.dashboard' },
      lazy: lazyPage(() => import('@/app/home/DashboardHome')),
    },
    ...notAvailable('dashboard', [
      {
        id: 'dashboard-test',
        path: 'dashboard/test',
        handle: { title: 'app:titles.dashboard_test' },
      },
    ]),
  ],
};
