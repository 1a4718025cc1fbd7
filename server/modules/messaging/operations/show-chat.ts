import type { Actor } from '../../../core/actor';
import { chatDetail, membershipOf } from '../store';
import type { MessagingDeps } from './deps';

/** One chat the actor is (or was) in, with its members. */
export async function showChat(deps: MessagingDeps, actor: Actor, chatId: number) {
  const m = await membershipOf(deps.db, actor, chatId);
  return { chat: await chatDetail(deps.db, m.userId, m.chat.id) };
}
