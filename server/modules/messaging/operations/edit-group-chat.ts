import { eq, sql } from 'drizzle-orm';
import type { editGroupBody } from '@contracts/messaging';
import type { z } from 'zod';
import type { Actor } from '../../../core/actor';
import { chatMembers, chats } from '../../../db/schema';
import { conflict, validationFailed } from '../../../http/errors';
import { chatChanged, chatRoom } from '../live';
import { addMembers, reachablePeople, removeMembers, stillInChat } from '../members';
import { activeMemberIds, chatDetail, membershipOf, requireAdmin } from '../store';
import type { MessagingDeps } from './deps';

/** Renames a group chat, changes who is in it, who manages it and who may write (its admins). */
export async function editGroupChat(
  deps: MessagingDeps,
  actor: Actor,
  input: z.infer<typeof editGroupBody>,
) {
  const { db, realtime } = deps;
  const m = requireAdmin(await membershipOf(db, actor, input.chat_id));
  if (m.chat.kind === 'user') throw conflict('messaging:messages.direct_not_editable');
  const before = await activeMemberIds(db, m.chat.id);
  let after = before;
  if (input.user_ids) {
    const wanted = [...new Set([m.userId, ...input.user_ids])];
    const added = wanted.filter((id) => !before.includes(id));
    const reachable = await reachablePeople(db, m.userId, added);
    if (added.some((id) => !reachable.has(id))) {
      throw validationFailed({ user_ids: 'messaging:messages.members_not_reachable' });
    }
    after = wanted;
  }
  if (input.admin_ids && input.admin_ids.some((id) => !after.includes(id))) {
    throw validationFailed({ admin_ids: 'messaging:messages.admin_not_member' });
  }
  const removed = before.filter((id) => !after.includes(id));
  await db.transaction(async (tx) => {
    const changes: Partial<typeof chats.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined) changes.name = input.name;
    if (input.send_message_permission !== undefined) {
      changes.sendMessagePermission = input.send_message_permission;
    }
    await tx.update(chats).set(changes).where(eq(chats.id, m.chat.id));
    if (input.user_ids) {
      await addMembers(
        tx,
        m.chat.id,
        after.filter((id) => !before.includes(id)),
      );
      await removeMembers(tx, m.chat.id, removed);
    }
    if (input.admin_ids) {
      // The actor stays an admin: a group is never left without one.
      const admins = new Set([m.userId, ...input.admin_ids]);
      await tx
        .update(chatMembers)
        .set({
          isAdmin: sql`${chatMembers.userId} in (${sql.join(
            [...admins].map((id) => sql`${id}`),
            sql`, `,
          )})`,
        })
        .where(stillInChat(m.chat.id));
    }
  });
  for (const id of removed) realtime.leaveRoom(id, chatRoom(m.chat.id));
  chatChanged(realtime, [...new Set([...before, ...after])], m.chat.id);
  return { chat: await chatDetail(db, m.userId, m.chat.id) };
}
