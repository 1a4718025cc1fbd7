import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import type { DbOrTx } from '../../../db/client';
import { chatMessages } from '../../../db/schema';
import { AppError, notFound } from '../../../http/errors';
import { membershipOf, visibleUpTo } from '../store';

/**
 * A message and the actor's membership of its chat. Outsiders, and members asking about what
 * was said after they left, learn nothing: 404.
 */
export async function messageOf(db: DbOrTx, actor: Actor, id: number) {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  if (!row) throw notFound('messaging:messages.message_not_found');
  const m = await membershipOf(db, actor, row.chatId).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 401) throw error;
    throw notFound('messaging:messages.message_not_found');
  });
  if (row.id > visibleUpTo(m.member)) throw notFound('messaging:messages.message_not_found');
  return { message: row, m };
}
