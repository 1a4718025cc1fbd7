import { lazyPage } from '@/lib/lazy-page';
import type { FeatureRoutes } from '@/app/route-types';

/** Dashboards (spec 2.1, 7.16): a person's /dashboard, where every sign-in lands, and its test page. */
export const routes: FeatureRoutes = {
  namespaces: ['dashboard', 'notifications'],
  app: [
    {
      id: 'dashboard',
      path: 'dashboard',
      handle: { title: 'app:titles.dashboard' },
      lazy: lazyPage(() => import('./DashboardPage')),
    },
    {
      id: 'dashboard-test',
      path: 'dashboard/test',
      handle: { title: 'app:titles.dashboard_test' },
      lazy: lazyPage(() => import('./DashboardTestPage')),
    },
  ],
};
