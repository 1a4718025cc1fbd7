import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

/** Payments (spec 2.2, 2.4): the plans and invoices in settings, and the return from paying. */
export const routes: FeatureRoutes = {
  namespaces: ['billing'],
  app: [
    pageRoute(() => import('./pages/PaymentResultPage'), {
      id: 'payments-result-id',
      path: 'payments/result/:id?',
      handle: { title: 'app:titles.payment_result', area: 'payments' },
    }),
  ],
  settings: [
    pageRoute(() => import('./pages/SubscriptionsPage'), {
      id: 'settings-subscriptions-payments',
      path: 'subscriptions-payments',
      handle: { title: 'app:titles.settings_subscriptions_payments', area: 'payments' },
    }),
  ],
};
