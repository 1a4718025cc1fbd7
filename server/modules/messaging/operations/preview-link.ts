import { and, eq, isNull } from 'drizzle-orm';
import { chatMessages } from '../../../db/schema';
import type { RecordedEvent } from '../../../jobs';
import { fetchTitle } from '../link-preview';
import { messageChanged } from '../live';
import type { MessagingDeps } from './deps';

/**
 * A job: fetches the title of a link posted in a message and stores it as the message's
 * preview, then tells the room. An outside call, so never inside a request. A page without a
 * title, or one that cannot be reached, leaves the message as it is (no retry: a nicety).
 */
export async function previewLink(deps: MessagingDeps, event: RecordedEvent<'chat.link_posted'>) {
  const { chat_id: chatId, message_id: messageId, parent_id: parentId, url } = event.payload;
  const title = await fetchTitle(url).catch(() => null);
  if (!title) return;
  const updated = await deps.db
    .update(chatMessages)
    .set({ linkPreview: { url, title } })
    .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.deletedAt)))
    .returning({ id: chatMessages.id });
  if (updated.length > 0) messageChanged(deps.realtime, chatId, messageId, parentId, 'edited');
}
