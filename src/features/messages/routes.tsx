import { lazyPage } from '@/lib/lazy-page';
import type { FeatureRoutes } from '@/app/route-types';

/** Messaging (spec 2.1): the chats page and the link to one chat. */
export const routes: FeatureRoutes = {
  namespaces: ['messages'],
  app: [
    {
      id: 'messages',
      path: 'messages',
      handle: { title: 'app:titles.messages', area: 'messages' },
      lazy: lazyPage(() => import('./pages/MessagesPage')),
    },
    {
      id: 'message',
      path: 'message',
      handle: { title: 'app:titles.message', area: 'messages' },
      lazy: lazyPage(() => import('./pages/MessagePage')),
    },
  ],
};
