import { lazyPage } from '@/lib/lazy-page';
import type { FeatureRoutes } from '@/app/route-types';

/** Learning-tool launches (spec 2.2) and Settings > Plugins (spec 7.13). */
export const routes: FeatureRoutes = {
  namespaces: ['lti'],
  app: [
    {
      id: 'lti-process-plugin',
      path: 'lti/process/:plugin?',
      handle: { title: 'app:titles.lti' },
      lazy: lazyPage(() => import('./ProcessPage')),
    },
    {
      id: 'lti-link-plugin',
      path: 'lti/link/:plugin',
      handle: { title: 'app:titles.lti' },
      lazy: lazyPage(() => import('./LinkPage')),
    },
  ],
  settings: [
    {
      id: 'settings-plugins',
      path: 'plugins',
      handle: { title: 'app:titles.settings_plugins' },
      lazy: lazyPage(() => import('./PluginsPage')),
    },
  ],
};
