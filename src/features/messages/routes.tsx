import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

/** Messaging (spec 2.1): the chats page and the link to one chat. */
export const routes: FeatureRoutes = {
  namespaces: ['messages'],
  app: [
    pageRoute(() => import('./pages/MessagesPage'), {
      id: 'messages',
      path: 'messages',
      handle: { title: 'app:titles.messages', area: 'messages' },
    }),
    pageRoute(() => import('./pages/MessagePage'), {
      id: 'message',
      path: 'message',
      handle: { title: 'app:titles.message', area: 'messages' },
    }),
  ],
};
