import type { groupChatBody } from '@contracts/messaging';
import type { z } from 'zod';
import type { Actor } from '../../../core/actor';
import { chats } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import { chatChanged } from '../live';
import { addMembers, reachablePeople } from '../members';
import { chatDetail } from '../store';
import type { MessagingDeps } from './deps';

/** A group chat of the actor (its admin) and people they share a workspace with. */
export async function createGroupChat(
  deps: MessagingDeps,
  actor: Actor,
  input: z.infer<typeof groupChatBody>,
) {
  const { db } = deps;
  const wanted = input.user_ids.filter((id) => id !== actor.userId);
  const reachable = await reachablePeople(db, actor.userId, wanted, input.workspace_id);
  if (wanted.length === 0 || wanted.some((id) => !reachable.has(id))) {
    throw validationFailed({ user_ids: 'messaging:messages.members_not_reachable' });
  }
  const chatId = await db.transaction(async (tx) => {
    const [chat] = await tx
      .insert(chats)
      .values({
        kind: 'group',
        name: input.name,
        workspaceId: input.workspace_id ?? null,
        createdBy: actor.userId,
      })
      .returning();
    await addMembers(tx, chat.id, [actor.userId, ...wanted], [actor.userId]);
    return chat.id;
  });
  chatChanged(deps.realtime, [actor.userId, ...wanted], chatId);
  return { chat: await chatDetail(db, actor.userId, chatId) };
}
