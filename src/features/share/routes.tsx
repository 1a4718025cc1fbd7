import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';
import { namedPage } from '@/lib/lazy-page';

const sharePages = () => import('./SharePage');

/** Sharing by link (spec 2.1 /share_action, 2.2 /share/:workspace?/:type?/:id?). */
export const routes: FeatureRoutes = {
  namespaces: ['share'],
  app: [
    pageRoute(sharePages, {
      id: 'share-workspace-type-id',
      path: 'share/:workspace?/:type?/:id?',
      handle: { title: 'app:titles.share' },
    }),
    pageRoute(namedPage(sharePages, 'ShareActionPage'), {
      id: 'share_action',
      path: 'share_action',
      handle: { title: 'app:titles.share' },
    }),
  ],
};
