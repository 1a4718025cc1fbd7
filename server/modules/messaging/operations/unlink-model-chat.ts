import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { chats } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import { chatChanged } from '../live';
import { activeMemberIds, chatDetail, membershipOf, requireAdmin } from '../store';
import type { MessagingDeps } from './deps';

/** Unlinks a chat from its task or team; it goes on as a group chat. */
export async function unlinkModelChat(deps: MessagingDeps, actor: Actor, chatId: number) {
  const { db } = deps;
  const m = requireAdmin(await membershipOf(db, actor, chatId));
  if (!m.chat.modelType) throw conflict('messaging:messages.not_linked');
  await db
    .update(chats)
    .set({ kind: 'group', modelType: null, modelId: null, updatedAt: new Date() })
    .where(eq(chats.id, m.chat.id));
  chatChanged(deps.realtime, await activeMemberIds(db, m.chat.id), m.chat.id);
  return { chat: await chatDetail(db, m.userId, m.chat.id) };
}
