import type { Realtime } from '../../realtime';
import type { DbOrTx } from '../../db/client';
import { chatMembers } from '../../db/schema';
import { stillInChat } from './members';

export const chatRoom = (chatId: number) => `chat-${chatId}`;

/** Tells each person their chat list changed (made, joined, left, renamed, muted). */
export function chatChanged(realtime: Realtime, userIds: Iterable<number>, chatId: number) {
  for (const id of new Set(userIds)) realtime.toUser(id, 'chat-changed', { chat_id: chatId });
}

/** Only members still in a chat join its room (`chat-<id>`). */
export function registerChatRoom(realtime: Realtime, db: DbOrTx) {
  realtime.registerRoomRule('chat', async (user, id) => {
    const [row] = await db
      .select({ id: chatMembers.userId })
      .from(chatMembers)
      .where(stillInChat(id, user.id));
    return Boolean(row);
  });
}

/** Tells a chat's room one of its messages changed; only ids travel. */
export function messageChanged(
  realtime: Realtime,
  chatId: number,
  messageId: number,
  parentId: number | null,
  kind: 'created' | 'edited' | 'deleted' | 'reacted',
) {
  realtime.toRoom(chatRoom(chatId), 'chat-message', {
    chat_id: chatId,
    message_id: messageId,
    parent_id: parentId,
    kind,
  });
}
