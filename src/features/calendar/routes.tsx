import { notAvailable } from '@/app/not-available';
import type { FeatureRoutes } from '@/app/route-types';

/** Calendar (spec 2.1), not built yet. */
export const routes: FeatureRoutes = {
  app: notAvailable('calendar', [
    { id: 'calendar', path: 'calendar', handle: { title: 'app:titles.calendar' } },
    { id: 'calendar-sync', path: 'calendar/sync', handle: { title: 'app:titles.calendar_sync' } },
  ]),
};
