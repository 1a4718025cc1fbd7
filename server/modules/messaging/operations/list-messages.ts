import { and, desc, eq, isNull, lt, lte } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import type { DbOrTx } from '../../../db/client';
import { chatMessages } from '../../../db/schema';
import { membershipOf, presentMessages, visibleUpTo } from '../store';

export interface MessagePageInput {
  chatId: number;
  /** A thread's first message; without it, the chat's own messages. */
  parentId?: number;
  /** Only messages older than this one. */
  before?: number;
  perPage: number;
}

/** A page of a chat (or a thread), newest first; a member who left sees up to when they left. */
export async function listMessages(db: DbOrTx, actor: Actor, input: MessagePageInput) {
  const m = await membershipOf(db, actor, input.chatId);
  const rows = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, m.chat.id),
        input.parentId === undefined
          ? isNull(chatMessages.parentId)
          : eq(chatMessages.parentId, input.parentId),
        lte(chatMessages.id, visibleUpTo(m.member)),
        input.before === undefined ? undefined : lt(chatMessages.id, input.before),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(input.perPage + 1);
  const ids = rows.slice(0, input.perPage).map((r) => r.id);
  return {
    messages: await presentMessages(db, m.userId, ids),
    has_more: rows.length > input.perPage,
  };
}
