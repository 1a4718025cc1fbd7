import { lazyPage } from '@/lib/lazy-page';
import type { FeatureRoutes } from '@/app/route-types';

/** Sharing by link (spec 2.1 /share_action, 2.2 /share/:workspace?/:type?/:id?). */
export const routes: FeatureRoutes = {
  namespaces: ['share'],
  app: [
    {
      id: 'share-workspace-type-id',
      path: 'share/:workspace?/:type?/:id?',
      handle: { title: 'app:titles.share' },
      lazy: lazyPage(() => import('./SharePage')),
    },
    {
      id: 'share_action',
      path: 'share_action',
      handle: { title: 'app:titles.share' },
      lazy: lazyPage(() => import('./SharePage').then((m) => ({ default: m.ShareActionPage }))),
    },
  ],
};
