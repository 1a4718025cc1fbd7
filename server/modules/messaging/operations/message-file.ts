import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import type { DbOrTx } from '../../../db/client';
import { chatMessageFiles } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { messageOf } from './message-of';

/** A file of a message the actor may read; gone with its message once that is deleted. */
export async function messageFile(
  db: DbOrTx,
  actor: Actor,
  input: { messageId: number; fileId: number },
) {
  const { message } = await messageOf(db, actor, input.messageId);
  const [file] = await db
    .select()
    .from(chatMessageFiles)
    .where(and(eq(chatMessageFiles.id, input.fileId), eq(chatMessageFiles.messageId, message.id)));
  if (!file || message.deletedAt) throw notFound('messaging:messages.file_not_found');
  return file;
}
