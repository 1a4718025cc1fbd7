import { Navigate } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { notAvailable } from '@/app/not-available';
import type { FeatureRoutes } from '@/app/route-types';

/**
 * /settings and its children (spec 2.4). Security and privacy is built here; the other three
 * belong to their areas: each area removes its line below and exports the page from its own
 * routes file under `settings` (e.g. `settings: [{ id: 'settings-notifications', ... }]`).
 */
export const routes: FeatureRoutes = {
  namespaces: ['account', 'auth'],
  app: [
    {
      id: 'settings',
      path: 'settings',
      handle: { title: 'app:titles.settings' },
      lazy: lazyPage(() => import('./SettingsPage')),
      children: [
        {
          id: 'settings-index',
          index: true,
          element: <Navigate to="security-privacy" replace />,
        },
        {
          id: 'settings-security-privacy',
          path: 'security-privacy',
          handle: { title: 'app:titles.settings_security_privacy' },
          lazy: lazyPage(() => import('./SecurityPrivacyPage')),
        },
      ],
    },
  ],
  settings: [
    ...notAvailable('integrations', [
      {
        id: 'settings-integrations',
        path: 'integrations',
        handle: { title: 'app:titles.settings_integrations' },
      },
    ]),
    ...notAvailable('payments', [
      {
        id: 'settings-subscriptions-payments',
        path: 'subscriptions-payments',
        handle: { title: 'app:titles.settings_subscriptions_payments' },
      },
    ]),
  ],
};
