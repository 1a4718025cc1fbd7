import { lazyPage } from '@/lib/lazy-page';
import type { FeatureRoutes } from '@/app/route-types';

/** Notifications (spec 2.1, 2.2, 2.4): the inbox, settings, and settings from a mail. */
export const routes: FeatureRoutes = {
  namespaces: ['notifications', 'tasks', 'assessments'],
  app: [
    {
      id: 'notification',
      path: 'notification',
      handle: { title: 'app:titles.notifications', area: 'notifications' },
      lazy: lazyPage(() => import('./NotificationsPage')),
    },
    {
      id: 'p-notifications-token',
      path: 'p/notifications/:token?',
      handle: { title: 'app:titles.notification_settings', area: 'notifications' },
      lazy: lazyPage(() => import('./TokenSettingsPage')),
    },
  ],
  settings: [
    {
      id: 'settings-notifications',
      path: 'notifications',
      handle: { title: 'app:titles.settings_notifications', area: 'notifications' },
      lazy: lazyPage(() => import('./NotificationSettingsPage')),
    },
  ],
};
