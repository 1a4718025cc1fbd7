import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

export const routes: FeatureRoutes = {
  namespaces: ['legal'],
  app: [
    pageRoute(() => import('./PrivacyPolicyPage'), {
      id: 'privacy-policy',
      path: 'privacy-policy',
      handle: { title: 'app:titles.privacy_policy' },
    }),
    pageRoute(() => import('./TermsOfUsePage'), {
      id: 'terms-of-use',
      path: 'terms-of-use',
      handle: { title: 'app:titles.terms_of_use' },
    }),
  ],
};
