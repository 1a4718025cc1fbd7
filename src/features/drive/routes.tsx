import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

const drive = () => import('./pages/DrivePage');

/** Drive (spec 2.1, 7.15): one's current files, and the archive they wait in before going. */
export const routes: FeatureRoutes = {
  namespaces: ['drive'],
  app: [
    pageRoute(drive, {
      id: 'drive',
      path: 'drive',
      handle: { title: 'app:titles.drive', area: 'drive' },
    }),
    pageRoute(drive, {
      id: 'drive-archive',
      path: 'drive/archive',
      handle: { title: 'app:titles.drive_archive', area: 'drive' },
    }),
  ],
};
