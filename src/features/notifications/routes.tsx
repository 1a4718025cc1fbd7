import { notAvailable } from '@/app/not-available';
import type { FeatureRoutes } from '@/app/route-types';

/** Notifications (spec 2.1, 2.2), not built yet. */
export const routes: FeatureRoutes = {
  app: notAvailable('notifications', [
    { id: 'notification', path: 'notification', handle: { title: 'app:titles.notifications' } },
    {
      id: 'p-notifications-token',
      path: 'p/notifications/:token?',
      handle: { title: 'app:titles.notification_settings' },
    },
  ]),
};
