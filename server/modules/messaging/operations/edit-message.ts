import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { chatMessages } from '../../../db/schema';
import { conflict, forbidden } from '../../../http/errors';
import { firstLink } from '../link-preview';
import { messageChanged } from '../live';
import { presentMessages, requireActive, requireWritable } from '../store';
import type { MessagingDeps } from './deps';
import { messageOf } from './message-of';
import { linkPosted } from './send-message';

/** Edits the text of one of the actor's own messages; its link preview is fetched anew. */
export async function editMessage(
  deps: MessagingDeps,
  actor: Actor,
  input: { messageId: number; text: string },
) {
  const { message, m } = await messageOf(deps.db, actor, input.messageId);
  requireWritable(requireActive(m));
  if (message.userId !== m.userId) throw forbidden('messaging:messages.not_author');
  if (message.deletedAt) throw conflict('messaging:messages.already_deleted');
  const link = firstLink(input.text);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(chatMessages)
      .set({ text: input.text, editedAt: new Date(), linkPreview: null })
      .where(eq(chatMessages.id, message.id));
    if (link) await linkPosted(tx, m.chat.id, message.id, message.parentId, link);
  });
  messageChanged(deps.realtime, m.chat.id, message.id, message.parentId, 'edited');
  const [presented] = await presentMessages(deps.db, m.userId, [message.id]);
  return presented;
}
