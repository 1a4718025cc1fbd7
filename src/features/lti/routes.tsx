import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

/** Learning-tool launches (spec 2.2) and Settings > Plugins (spec 7.13). */
export const routes: FeatureRoutes = {
  namespaces: ['lti'],
  app: [
    pageRoute(() => import('./ProcessPage'), {
      id: 'lti-process-plugin',
      path: 'lti/process/:plugin?',
      handle: { title: 'app:titles.lti' },
    }),
    pageRoute(() => import('./LinkPage'), {
      id: 'lti-link-plugin',
      path: 'lti/link/:plugin',
      handle: { title: 'app:titles.lti' },
    }),
  ],
  settings: [
    pageRoute(() => import('./PluginsPage'), {
      id: 'settings-plugins',
      path: 'plugins',
      handle: { title: 'app:titles.settings_plugins' },
    }),
  ],
};
