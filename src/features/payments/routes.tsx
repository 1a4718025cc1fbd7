import { notAvailable } from '@/app/not-available';
import type { FeatureRoutes } from '@/app/route-types';

/** Payments (spec 2.2), not built yet; its settings page is listed in settings/routes.tsx. */
export const routes: FeatureRoutes = {
  app: notAvailable('payments', [
    {
      id: 'payments-result-id',
      path: 'payments/result/:id?',
      handle: { title: 'app:titles.payment_result' },
    },
  ]),
};
