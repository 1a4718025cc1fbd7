import type { App } from '../../http/types';
import { registerMenuCounter } from '../../core/menu-counters';
import chatRoutes from './chat-routes';
import { registerChatRoom } from './live';
import { registerMentionNotifications } from './mention-notifications';
import messageRoutes from './message-routes';
import { previewLink } from './operations/preview-link';
import { unreadTotal } from './store';

/** Chats and messages (spec 7.12), under /messaging. */
export default async function messagingModule(app: App) {
  registerChatRoom(app.deps.realtime, app.deps.db);
  registerMenuCounter('new_messages_count', unreadTotal);
  registerMentionNotifications(app.deps);
  app.deps.jobs.on('chat.link_posted', 'preview', (event) => previewLink(app.deps, event));
  await app.register(chatRoutes);
  await app.register(messageRoutes);
}
