import { notAvailable } from '@/app/not-available';
import type { FeatureRoutes } from '@/app/route-types';
import { lazyPage } from '@/lib/lazy-page';

/** The calendar (spec 7.18); syncing with Outlook and Google is not built yet. */
export const routes: FeatureRoutes = {
  namespaces: ['calendar'],
  app: [
    {
      id: 'calendar',
      path: 'calendar',
      handle: { title: 'app:titles.calendar', area: 'calendar' },
      lazy: lazyPage(() => import('./pages/CalendarPage')),
    },
    ...notAvailable('calendar', [
      { id: 'calendar-sync', path: 'calendar/sync', handle: { title: 'app:titles.calendar_sync' } },
    ]),
  ],
};
