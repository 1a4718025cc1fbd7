import type { FeatureRoutes } from '@/app/route-types';
import { lazyPage } from '@/lib/lazy-page';

/** The calendar (spec 7.18) and its sync with Outlook and Google (issue 31). */
export const routes: FeatureRoutes = {
  namespaces: ['calendar'],
  app: [
    {
      id: 'calendar',
      path: 'calendar',
      handle: { title: 'app:titles.calendar', area: 'calendar' },
      lazy: lazyPage(() => import('./pages/CalendarPage')),
    },
    {
      id: 'calendar-sync',
      path: 'calendar/sync',
      handle: { title: 'app:titles.calendar_sync', area: 'calendar' },
      lazy: lazyPage(() => import('./pages/CalendarSyncPage')),
    },
  ],
};
