import { lazyPage } from '@/lib/lazy-page';
import type { FeatureRoutes } from '@/app/route-types';

/** Payments (spec 2.2, 2.4): the plans and invoices in settings, and the return from paying. */
export const routes: FeatureRoutes = {
  namespaces: ['billing'],
  app: [
    {
      id: 'payments-result-id',
      path: 'payments/result/:id?',
      handle: { title: 'app:titles.payment_result', area: 'payments' },
      lazy: lazyPage(() => import('./pages/PaymentResultPage')),
    },
  ],
  settings: [
    {
      id: 'settings-subscriptions-payments',
      path: 'subscriptions-payments',
      handle: { title: 'app:titles.settings_subscriptions_payments', area: 'payments' },
      lazy: lazyPage(() => import('./pages/SubscriptionsPage')),
    },
  ],
};
