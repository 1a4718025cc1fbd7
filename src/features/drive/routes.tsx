import { notAvailable } from '@/app/not-available';
import type { FeatureRoutes } from '@/app/route-types';

/** Drive (spec 2.1), not built yet. */
export const routes: FeatureRoutes = {
  app: notAvailable('drive', [
    { id: 'drive', path: 'drive', handle: { title: 'app:titles.drive' } },
    { id: 'drive-archive', path: 'drive/archive', handle: { title: 'app:titles.drive_archive' } },
  ]),
};
