import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

/** Notifications (spec 2.1, 2.2, 2.4): the inbox, settings, and settings from a mail. */
export const routes: FeatureRoutes = {
  namespaces: ['notifications', 'tasks', 'assessments'],
  app: [
    pageRoute(() => import('./NotificationsPage'), {
      id: 'notification',
      path: 'notification',
      handle: { title: 'app:titles.notifications', area: 'notifications' },
    }),
    pageRoute(() => import('./TokenSettingsPage'), {
      id: 'p-notifications-token',
      path: 'p/notifications/:token?',
      handle: { title: 'app:titles.notification_settings', area: 'notifications' },
    }),
  ],
  settings: [
    pageRoute(() => import('./NotificationSettingsPage'), {
      id: 'settings-notifications',
      path: 'notifications',
      handle: { title: 'app:titles.settings_notifications', area: 'notifications' },
    }),
  ],
};
