import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { chatMessageFiles, chatMessageReactions, chatMessages } from '../../../db/schema';
import { conflict, forbidden } from '../../../http/errors';
import { storageFor } from '../../../storage';
import { messageChanged } from '../live';
import { presentMessages, requireActive, requireWritable } from '../store';
import type { MessagingDeps } from './deps';
import { messageOf } from './message-of';

/** Deletes one of the actor's messages: a "deleted" mark stays in its place, its files go. */
export async function deleteMessage(deps: MessagingDeps, actor: Actor, messageId: number) {
  const { message, m } = await messageOf(deps.db, actor, messageId);
  requireWritable(requireActive(m));
  if (message.userId !== m.userId) throw forbidden('messaging:messages.not_author');
  if (message.deletedAt) throw conflict('messaging:messages.already_deleted');
  const removed = await deps.db.transaction(async (tx) => {
    await tx
      .update(chatMessages)
      .set({ text: '', mentions: [], linkPreview: null, deletedAt: new Date() })
      .where(eq(chatMessages.id, message.id));
    await tx.delete(chatMessageReactions).where(eq(chatMessageReactions.messageId, message.id));
    return tx
      .delete(chatMessageFiles)
      .where(eq(chatMessageFiles.messageId, message.id))
      .returning({ key: chatMessageFiles.storageKey });
  });
  // The rows are gone first: a crash here leaves an orphan file (the sweep's), never a dangling row.
  await storageFor(deps.config)
    .remove(removed.map((r) => r.key))
    .catch(() => undefined);
  messageChanged(deps.realtime, m.chat.id, message.id, message.parentId, 'deleted');
  const [presented] = await presentMessages(deps.db, m.userId, [message.id]);
  return presented;
}
