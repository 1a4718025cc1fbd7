import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

/** Dashboards (spec 2.1, 7.16): a person's /dashboard, where every sign-in lands, and its test page. */
export const routes: FeatureRoutes = {
  namespaces: ['dashboard', 'notifications'],
  app: [
    pageRoute(() => import('./DashboardPage'), {
      id: 'dashboard',
      path: 'dashboard',
      handle: { title: 'app:titles.dashboard' },
    }),
    pageRoute(() => import('./DashboardTestPage'), {
      id: 'dashboard-test',
      path: 'dashboard/test',
      handle: { title: 'app:titles.dashboard_test' },
    }),
  ],
};
