import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { chatMembers } from '../../../db/schema';
import { chatRoom } from '../live';
import { membershipOf, requireActive } from '../store';
import type { MessagingDeps } from './deps';

/** Moves the actor's last-read pointer forward (never back, never past where they left). */
export async function markChatRead(
  deps: MessagingDeps,
  actor: Actor,
  input: { chatId: number; messageId: number },
) {
  const { db, realtime } = deps;
  const m = await membershipOf(db, actor, input.chatId);
  const upTo = Math.min(input.messageId, m.member.leftMessageId ?? m.chat.lastMessageId);
  const [row] = await db
    .update(chatMembers)
    .set({ lastReadMessageId: upTo })
    .where(
      and(
        eq(chatMembers.chatId, m.chat.id),
        eq(chatMembers.userId, m.userId),
        sql`${chatMembers.lastReadMessageId} < ${upTo}`,
      ),
    )
    .returning({ id: chatMembers.lastReadMessageId });
  const pointer = row?.id ?? m.member.lastReadMessageId;
  if (row) {
    const payload = { chat_id: m.chat.id, user_id: m.userId, message_id: pointer };
    if (!m.member.leftAt) realtime.toRoom(chatRoom(m.chat.id), 'chat-read', payload);
    // The actor's other tabs and pages (counts, title) follow even outside the room.
    realtime.toUser(m.userId, 'chat-read', payload);
  }
  return { last_read_message_id: pointer };
}

/** Tells the other members the actor is typing. */
export async function tellTyping(deps: MessagingDeps, actor: Actor, chatId: number) {
  const m = requireActive(await membershipOf(deps.db, actor, chatId));
  deps.realtime.toRoom(chatRoom(m.chat.id), 'chat-typing', {
    chat_id: m.chat.id,
    user_id: m.userId,
  });
  return {};
}
