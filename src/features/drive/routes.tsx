import { lazyPage } from '@/lib/lazy-page';
import type { FeatureRoutes } from '@/app/route-types';

const drive = lazyPage(() => import('./pages/DrivePage'));

/** Drive (spec 2.1, 7.15): one's current files, and the archive they wait in before going. */
export const routes: FeatureRoutes = {
  namespaces: ['drive'],
  app: [
    {
      id: 'drive',
      path: 'drive',
      handle: { title: 'app:titles.drive', area: 'drive' },
      lazy: drive,
    },
    {
      id: 'drive-archive',
      path: 'drive/archive',
      handle: { title: 'app:titles.drive_archive', area: 'drive' },
      lazy: drive,
    },
  ],
};
