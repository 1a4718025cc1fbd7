import type { AppDeps } from '../../context';
import { notifyOnEvent } from '../../core/notify';

/**
 * A mention tells each mentioned member (who has not muted the chat) through the shared
 * notifications: in the app, by mail and in Teams, as their settings say. Once per event.
 */
export function registerMentionNotifications(deps: AppDeps) {
  notifyOnEvent(deps, 'chat.mentioned', (mention) => ({
    userIds: mention.recipients,
    kind: 'mentioned',
    workspaceId: mention.workspace_id,
    actorId: mention.actor_id,
    reference: { type: 'chat', id: mention.chat_id },
    data: {
      message_key: 'notifications:kinds.mentioned',
      name: mention.chat_name ?? mention.excerpt,
      excerpt: mention.excerpt,
    },
    link: `/message?chat=${mention.chat_id}`,
  }));
}
