import { notAvailable } from '@/app/not-available';
import type { FeatureRoutes } from '@/app/route-types';

/** Messaging (spec 2.1), not built yet. */
export const routes: FeatureRoutes = {
  app: notAvailable('messages', [
    { id: 'messages', path: 'messages', handle: { title: 'app:titles.messages' } },
    { id: 'message', path: 'message', handle: { title: 'app:titles.message' } },
  ]),
};
