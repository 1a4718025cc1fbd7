import { and, eq } from 'drizzle-orm';
import { operationOn } from '../../../core/actor';
import { chatMessageReactions } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import { messageChanged } from '../live';
import { presentMessages, requireActive, requireWritable } from '../store';
import type { MessagingDeps } from './deps';
import { messageOf } from './message-of';

/** Adds the actor's reaction to a message, or takes it back when it is already there. */
export const reactToMessage = operationOn(
  (db, actor, input: { messageId: number; emoji: string }) => messageOf(db, actor, input.messageId),
  async (deps: MessagingDeps, { message, m }, input) => {
    const { db } = deps;
    requireWritable(requireActive(m));
    if (message.deletedAt) throw conflict('messaging:messages.already_deleted');
    const key = and(
      eq(chatMessageReactions.messageId, message.id),
      eq(chatMessageReactions.userId, m.userId),
      eq(chatMessageReactions.emoji, input.emoji),
    );
    const gone = await db.delete(chatMessageReactions).where(key).returning();
    if (gone.length === 0) {
      await db
        .insert(chatMessageReactions)
        .values({ messageId: message.id, userId: m.userId, emoji: input.emoji })
        .onConflictDoNothing();
    }
    messageChanged(deps.realtime, m.chat.id, message.id, message.parentId, 'reacted');
    const [presented] = await presentMessages(db, m.userId, [message.id]);
    return presented;
  },
);
