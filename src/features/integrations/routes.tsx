import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

/** Settings > Integrations (spec 2.4): Teams, LTI plugins, calendar sync and Zoom at a glance. */
export const routes: FeatureRoutes = {
  // The calendar card shows the calendar area's connection list, in its words.
  namespaces: ['billing', 'calendar'],
  settings: [
    pageRoute(() => import('./IntegrationsPage'), {
      id: 'settings-integrations',
      path: 'integrations',
      handle: { title: 'app:titles.settings_integrations', area: 'integrations' },
    }),
  ],
};
