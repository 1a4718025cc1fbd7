import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

/** The calendar (spec 7.18) and its sync with Outlook and Google (issue 31). */
export const routes: FeatureRoutes = {
  namespaces: ['calendar'],
  app: [
    pageRoute(() => import('./pages/CalendarPage'), {
      id: 'calendar',
      path: 'calendar',
      handle: { title: 'app:titles.calendar', area: 'calendar' },
    }),
    pageRoute(() => import('./pages/CalendarSyncPage'), {
      id: 'calendar-sync',
      path: 'calendar/sync',
      handle: { title: 'app:titles.calendar_sync', area: 'calendar' },
    }),
  ],
};
