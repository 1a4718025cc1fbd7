import { notAvailable } from '@/app/not-available';
import type { FeatureRoutes } from '@/app/route-types';

/** Learning-tool launches (spec 2.2), not built yet. */
export const routes: FeatureRoutes = {
  app: notAvailable('lti', [
    { id: 'lti-process-plugin', path: 'lti/process/:plugin?', handle: { title: 'app:titles.lti' } },
  ]),
};
