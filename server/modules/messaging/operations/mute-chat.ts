import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { chatMembers } from '../../../db/schema';
import { chatChanged } from '../live';
import { chatDetail, membershipOf, requireActive } from '../store';
import type { MessagingDeps } from './deps';

/** Mutes or unmutes a chat for the actor alone. */
export async function muteChat(
  deps: MessagingDeps,
  actor: Actor,
  input: { chatId: number; mute: boolean },
) {
  const { db } = deps;
  const m = requireActive(await membershipOf(db, actor, input.chatId));
  await db
    .update(chatMembers)
    .set({ isMute: input.mute })
    .where(and(eq(chatMembers.chatId, m.chat.id), eq(chatMembers.userId, m.userId)));
  chatChanged(deps.realtime, [m.userId], m.chat.id);
  return { chat: await chatDetail(db, m.userId, m.chat.id) };
}
