import { lazyPage } from '@/lib/lazy-page';
import type { FeatureRoutes } from '@/app/route-types';

export const routes: FeatureRoutes = {
  namespaces: ['legal'],
  app: [
    {
      id: 'privacy-policy',
      path: 'privacy-policy',
      handle: { title: 'app:titles.privacy_policy' },
      lazy: lazyPage(() => import('./PrivacyPolicyPage')),
    },
    {
      id: 'terms-of-use',
      path: 'terms-of-use',
      handle: { title: 'app:titles.terms_of_use' },
      lazy: lazyPage(() => import('./TermsOfUsePage')),
    },
  ],
};
