import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { chatMembers } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import { chatChanged, chatRoom } from '../live';
import { removeMembers, stillInChat } from '../members';
import { activeMemberIds, chatDetail, membershipOf, requireActive } from '../store';
import type { MessagingDeps } from './deps';

/** The actor leaves a group chat; a group keeps someone to manage it. */
export async function leaveGroupChat(deps: MessagingDeps, actor: Actor, chatId: number) {
  const { db, realtime } = deps;
  const m = requireActive(await membershipOf(db, actor, chatId));
  if (m.chat.kind === 'user') throw conflict('messaging:messages.cannot_leave_direct');
  await db.transaction(async (tx) => {
    await removeMembers(tx, m.chat.id, [m.userId]);
    const [admin] = await tx
      .select({ id: chatMembers.userId })
      .from(chatMembers)
      .where(and(stillInChat(m.chat.id), eq(chatMembers.isAdmin, true)))
      .limit(1);
    if (admin) return;
    // The longest-standing member becomes admin.
    const [next] = await tx
      .select({ id: chatMembers.userId })
      .from(chatMembers)
      .where(stillInChat(m.chat.id))
      .orderBy(chatMembers.joinedAt, chatMembers.userId)
      .limit(1);
    if (next) {
      await tx
        .update(chatMembers)
        .set({ isAdmin: true })
        .where(and(eq(chatMembers.chatId, m.chat.id), eq(chatMembers.userId, next.id)));
    }
  });
  realtime.leaveRoom(m.userId, chatRoom(m.chat.id));
  chatChanged(realtime, [m.userId, ...(await activeMemberIds(db, m.chat.id))], m.chat.id);
  return { chat: await chatDetail(db, m.userId, m.chat.id) };
}
