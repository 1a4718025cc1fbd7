import { eq, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { queryRows, type DbOrTx } from '../../../db/client';
import { chatMembers, chatMessageFiles, chatMessages, chats } from '../../../db/schema';
import {
  rememberedAs,
  idempotencyOf,
  rememberResult,
  writeOnce,
  type Idempotency,
} from '../../../core/idempotency';
import { notFound, validationFailed } from '../../../http/errors';
import { recordEvent } from '../../../jobs';
import type { StoredUpload } from '../../../storage/uploads';
import { firstLink } from '../link-preview';
import { messageChanged } from '../live';
import { maySend, membershipOf, presentMessages, requireSend } from '../store';
import type { MessagingDeps } from './deps';
import { stillInChat } from '../members';

/** A member was mentioned in a message (the notifications area tells them). */
export interface ChatMentioned {
  chat_id: number;
  message_id: number;
  workspace_id: number | null;
  chat_name: string | null;
  actor_id: number;
  /** Mentioned members still in the chat who have not muted it. */
  recipients: number[];
  excerpt: string;
}

/** A message names a link: a job fetches its title for a preview (preview-link.ts). */
export interface ChatLinkPosted {
  chat_id: number;
  message_id: number;
  parent_id: number | null;
  url: string;
}

declare module '../../../jobs' {
  interface DomainEvents {
    'chat.mentioned': ChatMentioned;
    'chat.link_posted': ChatLinkPosted;
  }
}

export interface NewMessageInput {
  chatId: number;
  text: string;
  parentId?: number;
  mentions?: number[];
  /** Files already stored (not yet visible): they count only once the message commits. */
  files?: StoredUpload[];
  /** The client's key for this send: a retry with it answers the first message, unwritten. */
  idempotencyKey?: string;
}

/** Refuses an actor who may not write in the chat, before any upload of theirs is read. */
export async function checkMaySend(deps: MessagingDeps, actor: Actor, chatId: number) {
  requireSend(await membershipOf(deps.db, actor, chatId));
}

/**
 * Sends a message to a chat the actor may send to (spec 7.12), over HTTP, the socket or from a
 * job alike; under an idempotency key, once (`replayed`: the message an earlier send made).
 * A plain message is one guarded statement, so it reaches the room after one round trip; a
 * refused one goes through the full gate to say why.
 */
export async function sendMessage(deps: MessagingDeps, actor: Actor, input: NewMessageInput) {
  const files = input.files ?? [];
  const idempotency = idempotencyOf(actor.userId, input.idempotencyKey, 'chat_message', {
    chat: input.chatId,
    text: input.text,
    parent: input.parentId ?? null,
    mentions: input.mentions ?? [],
    files: files.map((file) => [file.name, file.size, file.mimeType]),
  });
  return writeOnce(
    deps.db,
    idempotency,
    async () => ({ message: await storeMessage(deps, actor, input, idempotency), replayed: false }),
    async (id) => {
      const [message] = await presentMessages(deps.db, actor.userId, [id]);
      if (!message) throw notFound('messaging:messages.message_not_found');
      // Files this retry stored again are not the message's: the caller discards them.
      return { message, replayed: true };
    },
  );
}

async function storeMessage(
  deps: MessagingDeps,
  actor: Actor,
  input: NewMessageInput,
  idempotency: Idempotency | undefined,
) {
  const { db, database } = deps;
  const files = input.files ?? [];
  const link = firstLink(input.text);
  const plain =
    input.parentId === undefined && !input.mentions?.length && files.length === 0 && !link;
  if (plain) {
    const row = { chatId: input.chatId, userId: actor.userId, text: input.text, mentions: [] };
    // One name per text: an actor with a session (HTTP, socket) has it checked in the guard.
    const name = [
      actor.sessionId ? 'chat_send_plain' : 'chat_send_plain_sessionless',
      ...(idempotency ? ['keyed'] : []),
    ].join('_');
    const [stored] = await database.queryNamed<{ id: number }>(
      name,
      messageInsert(row, maySend(actor, input.chatId), idempotency),
    );
    if (stored) return delivered(deps, actor.userId, input.chatId, Number(stored.id), null);
  }
  const m = requireSend(await membershipOf(db, actor, input.chatId));
  if (input.parentId !== undefined) {
    const [parent] = await db
      .select({ chatId: chatMessages.chatId, parentId: chatMessages.parentId })
      .from(chatMessages)
      .where(eq(chatMessages.id, input.parentId));
    if (!parent || parent.chatId !== m.chat.id || parent.parentId !== null) {
      throw validationFailed({ parent_id: 'messaging:messages.parent_not_found' });
    }
  }
  // Members are looked up only for mentions.
  const members = input.mentions?.length
    ? await db
        .select({ id: chatMembers.userId, isMute: chatMembers.isMute })
        .from(chatMembers)
        .where(stillInChat(m.chat.id))
    : [];
  const inChat = new Set(members.map((x) => x.id));
  const mentions = [...new Set(input.mentions ?? [])].filter(
    (id) => inChat.has(id) && id !== m.userId,
  );
  const muted = new Set(members.filter((x) => x.isMute).map((x) => x.id));
  const recipients = mentions.filter((id) => !muted.has(id));
  const draftRow = {
    chatId: m.chat.id,
    userId: m.userId,
    parentId: input.parentId,
    text: input.text,
    mentions,
  };
  const id = await db.transaction(async (tx) => {
    const id = await insertMessage(tx, draftRow);
    await rememberResult(tx, idempotency, id);
    if (files.length > 0) {
      await tx.insert(chatMessageFiles).values(
        files.map((f) => ({
          messageId: id,
          storageKey: f.key,
          name: f.name,
          mimeType: f.mimeType,
          size: f.size,
        })),
      );
    }
    if (recipients.length > 0) {
      await recordEvent(tx, 'chat.mentioned', {
        chat_id: m.chat.id,
        message_id: id,
        workspace_id: m.chat.workspaceId,
        chat_name: m.chat.name,
        actor_id: m.userId,
        recipients,
        excerpt: input.text.slice(0, 200),
      });
    }
    if (link) await linkPosted(tx, m.chat.id, id, input.parentId ?? null, link);
    return id;
  });
  return delivered(deps, m.userId, m.chat.id, id, input.parentId ?? null);
}

/** Queues the preview of a message's link, in the transaction that stores the text. */
export function linkPosted(
  tx: DbOrTx,
  chatId: number,
  messageId: number,
  parentId: number | null,
  url: string,
) {
  return recordEvent(tx, 'chat.link_posted', {
    chat_id: chatId,
    message_id: messageId,
    parent_id: parentId,
    url,
  });
}

/** A message just stored: the room hears of it; as the sender sees it. */
async function delivered(
  deps: MessagingDeps,
  userId: number,
  chatId: number,
  id: number,
  parentId: number | null,
) {
  messageChanged(deps.realtime, chatId, id, parentId, 'created');
  const [message] = await presentMessages(deps.db, userId, [id]);
  return message;
}

interface NewMessage {
  chatId: number;
  userId: number;
  parentId?: number;
  text: string;
  mentions: number[];
}

/**
 * Inserts a message, moves its chat's last message and marks it read for its sender (what one
 * sends, one has read), in one statement: data-modifying CTEs run once and to completion.
 * With a `guard`, nothing is written (no row comes back) unless the guard holds; with an
 * idempotency key, the key is recorded in the same statement.
 */
function messageInsert(message: NewMessage, guard: SQL = sql`true`, idempotency?: Idempotency) {
  return sql`with inserted as (
      insert into ${chatMessages} (chat_id, user_id, parent_id, text, mentions)
      select ${message.chatId}, ${message.userId}, ${message.parentId ?? null}, ${message.text},
        ${JSON.stringify(message.mentions)}::jsonb
      where ${guard}
      returning id
    ), ${idempotency ? sql`${rememberedAs(idempotency, sql`inserted`)},` : sql``} read_mark as (
      update ${chatMembers} set last_read_message_id = inserted.id from inserted
      where chat_members.chat_id = ${message.chatId} and chat_members.user_id = ${message.userId}
    )
    update ${chats} set last_message_id = greatest(chats.last_message_id, inserted.id),
      updated_at = now()
    from inserted where chats.id = ${message.chatId}
    returning inserted.id`;
}

async function insertMessage(db: DbOrTx, message: NewMessage): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, messageInsert(message));
  return Number(row.id);
}
