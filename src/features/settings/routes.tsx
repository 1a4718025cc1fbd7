import { Navigate } from 'react-router';
import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

/**
 * /settings and its children (spec 2.4). Security and privacy is built here; the other pages
 * belong to their areas, each exported from its own routes file under `settings`
 * (notifications, integrations, payments, lti).
 */
export const routes: FeatureRoutes = {
  namespaces: ['account', 'auth'],
  app: [
    pageRoute(() => import('./SettingsPage'), {
      id: 'settings',
      path: 'settings',
      handle: { title: 'app:titles.settings' },
      children: [
        {
          id: 'settings-index',
          index: true,
          element: <Navigate to="security-privacy" replace />,
        },
        pageRoute(() => import('./SecurityPrivacyPage'), {
          id: 'settings-security-privacy',
          path: 'security-privacy',
          handle: { title: 'app:titles.settings_security_privacy' },
        }),
      ],
    }),
  ],
};
