import { lazyPage } from '@/lib/lazy-page';
import type { FeatureRoutes } from '@/app/route-types';

/** Settings > Integrations (spec 2.4): Teams, LTI plugins, calendar sync and Zoom at a glance. */
export const routes: FeatureRoutes = {
  // The calendar card shows the calendar area's connection list, in its words.
  namespaces: ['billing', 'calendar'],
  settings: [
    {
      id: 'settings-integrations',
      path: 'integrations',
      handle: { title: 'app:titles.settings_integrations', area: 'integrations' },
      lazy: lazyPage(() => import('./IntegrationsPage')),
    },
  ],
};
