import { and, desc, eq, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { envelope } from '@contracts/common';
import {
  editMessageBody,
  fileParams,
  messageList,
  messageParams,
  messageResource,
  messagesQuery,
  reactionBody,
  sendFilesFields,
  sendFilesQuery,
  sendMessageBody,
} from '@contracts/messaging';
import { CHAT_SEND_REQUEST } from '@contracts/constants';
import { queryRows, type DbOrTx } from '../../db/client';
import {
  chatMembers,
  chatMessageFiles,
  chatMessageReactions,
  chatMessages,
  chats,
} from '../../db/schema';
import { ok } from '../../http/envelope';
import { invalidInput } from '../../http/error-handler';
import { conflict, forbidden, notFound, validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import { recordEvent } from '../../jobs';
import { storageFor } from '../../storage';
import { parseFields, receiveUploads, type StoredUpload } from '../../storage/uploads';
import { fetchTitle, firstLink } from './link-preview';
import { chatRoom } from './live';
import {
  loadMembership,
  loadSocketMembership,
  maySend,
  presentMessages,
  requireActive,
  requireSend,
  visibleUpTo,
  type Membership,
} from './store';

const tags = ['messaging'];
const multipart = { consumes: ['multipart/form-data'] };

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

declare module '../../jobs' {
  interface DomainEvents {
    'chat.mentioned': ChatMentioned;
  }
}

interface Draft {
  text: string;
  parentId?: number;
  mentions?: number[];
  files: StoredUpload[];
}

/** Messages (spec 7.12) under /messaging/messages. */
export default async function messageRoutes(app: App) {
  const { db, database, realtime } = app.deps;

  /** A message and the caller's membership of its chat; its history limit applies. */
  async function loadMessage(request: FastifyRequest, id: number) {
    const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
    if (!row) throw notFound('messaging:messages.message_not_found');
    const m = await loadMembership(request, db, row.chatId).catch(() => {
      throw notFound('messaging:messages.message_not_found');
    });
    if (row.id > visibleUpTo(m.member)) throw notFound('messaging:messages.message_not_found');
    return { message: row, m };
  }

  function emit(
    chatId: number,
    messageId: number,
    parentId: number | null,
    kind: 'created' | 'edited' | 'deleted' | 'reacted',
  ) {
    realtime.toRoom(chatRoom(chatId), 'chat-message', {
      chat_id: chatId,
      message_id: messageId,
      parent_id: parentId,
      kind,
    });
  }

  async function send(m: Membership, draft: Draft) {
    if (draft.parentId !== undefined) {
      const [parent] = await db
        .select({
          chatId: chatMessages.chatId,
          parentId: chatMessages.parentId,
          deletedAt: chatMessages.deletedAt,
        })
        .from(chatMessages)
        .where(eq(chatMessages.id, draft.parentId));
      if (!parent || parent.chatId !== m.chat.id || parent.parentId !== null) {
        throw validationFailed({ parent_id: 'messaging:messages.parent_not_found' });
      }
    }
    // Members are looked up only for mentions.
    const members = draft.mentions?.length
      ? await db
          .select({ id: chatMembers.userId, isMute: chatMembers.isMute })
          .from(chatMembers)
          .where(and(eq(chatMembers.chatId, m.chat.id), isNull(chatMembers.leftAt)))
      : [];
    const inChat = new Set(members.map((x) => x.id));
    const mentions = [...new Set(draft.mentions ?? [])].filter(
      (id) => inChat.has(id) && id !== m.userId,
    );
    const muted = new Set(members.filter((x) => x.isMute).map((x) => x.id));
    const recipients = mentions.filter((id) => !muted.has(id));
    const draftRow = {
      chatId: m.chat.id,
      userId: m.userId,
      parentId: draft.parentId,
      text: draft.text,
      mentions,
    };
    // A plain message is one statement, so it reaches the room after one round trip.
    const id =
      draft.files.length === 0 && recipients.length === 0
        ? await insertMessage(db, draftRow)
        : await db.transaction(async (tx) => {
            const id = await insertMessage(tx, draftRow);
            if (draft.files.length > 0) {
              await tx.insert(chatMessageFiles).values(
                draft.files.map((f) => ({
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
                excerpt: draft.text.slice(0, 200),
              });
            }
            return id;
          });
    return delivered(m.chat.id, m.userId, id, draft);
  }

  /** A message just stored: the room hears of it, its link gets a title later; as the sender sees it. */
  async function delivered(chatId: number, userId: number, id: number, draft: Draft) {
    emit(chatId, id, draft.parentId ?? null, 'created');
    const link = firstLink(draft.text);
    if (link) void previewLater(db, chatId, id, draft.parentId ?? null, link, emit);
    const [message] = await presentMessages(db, userId, [id]);
    return message;
  }

  app.get(
    '/messages',
    {
      schema: {
        tags,
        summary: 'A page of a chat (or a thread), newest first, before a cursor',
        querystring: messagesQuery,
        response: { 200: envelope(messageList) },
      },
    },
    async (request) => {
      const q = request.query;
      const m = await loadMembership(request, db, q.chat_id);
      const upTo = visibleUpTo(m.member);
      const rows = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.chatId, m.chat.id),
            q.parent_id === undefined
              ? isNull(chatMessages.parentId)
              : eq(chatMessages.parentId, q.parent_id),
            lte(chatMessages.id, upTo),
            q.before === undefined ? undefined : lt(chatMessages.id, q.before),
          ),
        )
        .orderBy(desc(chatMessages.id))
        .limit(q.per_page + 1);
      const ids = rows.slice(0, q.per_page).map((r) => r.id);
      return ok({
        messages: await presentMessages(db, m.userId, ids),
        has_more: rows.length > q.per_page,
      });
    },
  );

  // The same send from a socket (src/lib/realtime.ts): no HTTP round, the session and the
  // membership checked in one query, so a message reaches the room sooner.
  realtime.onClientRequest(CHAT_SEND_REQUEST, async (client, payload) => {
    const parsed = sendMessageBody.safeParse(payload, { reportInput: true });
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    const body = parsed.data;
    const draft = { text: body.text, parentId: body.parent_id, mentions: body.mentions, files: [] };
    // A plain message: who may send is checked in the statement that stores it.
    if (draft.parentId === undefined && !draft.mentions?.length) {
      const row = { chatId: body.chat_id, userId: client.userId, text: body.text, mentions: [] };
      const [stored] = await database.queryNamed<{ id: number }>(
        'chat_send_plain',
        messageInsert(row, maySend(client, body.chat_id)),
      );
      if (stored) {
        return { message: await delivered(body.chat_id, client.userId, Number(stored.id), draft) };
      }
    }
    // Otherwise, or to say why it was refused, as over HTTP.
    const m = requireSend(await loadSocketMembership(db, client, body.chat_id));
    return { message: await send(m, draft) };
  });

  app.post(
    '/messages',
    { schema: { tags, body: sendMessageBody, response: { 201: envelope(messageResource) } } },
    async (request, reply) => {
      const body = request.body;
      const m = requireSend(await loadMembership(request, db, body.chat_id));
      const message = await send(m, {
        text: body.text,
        parentId: body.parent_id,
        mentions: body.mentions,
        files: [],
      });
      return reply.status(201).send(ok({ message }));
    },
  );

  app.post(
    '/messages/files',
    {
      schema: {
        tags,
        summary: 'Sends a message with files (query chat_id; multipart: text, parent_id, files)',
        ...multipart,
        querystring: sendFilesQuery,
        response: { 201: envelope(messageResource) },
      },
    },
    async (request, reply) => {
      // Who may send is checked before the body is read.
      const m = requireSend(await loadMembership(request, db, request.query.chat_id));
      const form = await receiveUploads(request, {
        storage: storageFor(app.deps.config),
        folder: 'chats',
        maxFileBytes: app.deps.config.UPLOAD_LIMIT_BYTES,
        maxFiles: 10,
        messages: {
          notMultipart: 'messaging:messages.upload_not_multipart',
          tooLarge: 'messaging:messages.upload_too_large',
          tooMany: 'messaging:messages.upload_too_many',
          unsupportedType: 'messaging:messages.upload_type_refused',
          malformed: 'messaging:messages.upload_malformed',
        },
      });
      try {
        const fields = parseFields(sendFilesFields, form.fields);
        if (!fields.text && form.files.length === 0) {
          throw validationFailed({ text: 'messaging:messages.empty' });
        }
        const message = await send(m, {
          text: fields.text,
          parentId: fields.parent_id,
          files: form.files,
        });
        await form.publish();
        return reply.status(201).send(ok({ message }));
      } catch (error) {
        await form.discard();
        throw error;
      }
    },
  );

  app.get(
    '/messages/:id/files/:file',
    { schema: { tags, summary: 'Downloads a file of a message', params: fileParams } },
    async (request, reply) => {
      const { message } = await loadMessage(request, request.params.id);
      const [file] = await db
        .select()
        .from(chatMessageFiles)
        .where(
          and(
            eq(chatMessageFiles.id, request.params.file),
            eq(chatMessageFiles.messageId, message.id),
          ),
        );
      if (!file || message.deletedAt) throw notFound('messaging:messages.file_not_found');
      return reply
        .type(file.mimeType)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .send(storageFor(app.deps.config).read(file.storageKey));
    },
  );

  app.put(
    '/messages/:id',
    {
      schema: {
        tags,
        summary: 'Edits the text of one of the caller’s messages',
        params: messageParams,
        body: editMessageBody,
        response: { 200: envelope(messageResource) },
      },
    },
    async (request) => {
      const { message, m } = await loadMessage(request, request.params.id);
      requireActive(m);
      if (message.userId !== m.userId) throw forbidden('messaging:messages.not_author');
      if (message.deletedAt) throw conflict('messaging:messages.already_deleted');
      await db
        .update(chatMessages)
        .set({ text: request.body.text, editedAt: new Date(), linkPreview: null })
        .where(eq(chatMessages.id, message.id));
      emit(m.chat.id, message.id, message.parentId, 'edited');
      const link = firstLink(request.body.text);
      if (link) void previewLater(db, m.chat.id, message.id, message.parentId, link, emit);
      const [presented] = await presentMessages(db, m.userId, [message.id]);
      return ok({ message: presented }, 'messaging:messages.edited');
    },
  );

  app.delete(
    '/messages/:id',
    {
      schema: {
        tags,
        summary: 'Deletes one of the caller’s messages; a "deleted" mark stays in its place',
        params: messageParams,
        response: { 200: envelope(messageResource) },
      },
    },
    async (request) => {
      const { message, m } = await loadMessage(request, request.params.id);
      requireActive(m);
      if (message.userId !== m.userId) throw forbidden('messaging:messages.not_author');
      if (message.deletedAt) throw conflict('messaging:messages.already_deleted');
      const removed = await db.transaction(async (tx) => {
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
      // The rows are gone first: a crash here leaves an orphan file, never a dangling row.
      await storageFor(app.deps.config)
        .remove(removed.map((r) => r.key))
        .catch(() => undefined);
      emit(m.chat.id, message.id, message.parentId, 'deleted');
      const [presented] = await presentMessages(db, m.userId, [message.id]);
      return ok({ message: presented }, 'messaging:messages.deleted');
    },
  );

  app.put(
    '/messages/:id/reactions',
    {
      schema: {
        tags,
        summary: 'Adds the caller’s reaction, or takes it back when already there',
        params: messageParams,
        body: reactionBody,
        response: { 200: envelope(messageResource) },
      },
    },
    async (request) => {
      const { message, m } = await loadMessage(request, request.params.id);
      requireActive(m);
      if (message.deletedAt) throw conflict('messaging:messages.already_deleted');
      const key = and(
        eq(chatMessageReactions.messageId, message.id),
        eq(chatMessageReactions.userId, m.userId),
        eq(chatMessageReactions.emoji, request.body.emoji),
      );
      const gone = await db.delete(chatMessageReactions).where(key).returning();
      if (gone.length === 0) {
        await db
          .insert(chatMessageReactions)
          .values({ messageId: message.id, userId: m.userId, emoji: request.body.emoji })
          .onConflictDoNothing();
      }
      emit(m.chat.id, message.id, message.parentId, 'reacted');
      const [presented] = await presentMessages(db, m.userId, [message.id]);
      return ok({ message: presented });
    },
  );
}

/** Fetches a link's title after the message is sent, then tells the room it changed. */
async function previewLater(
  db: DbOrTx,
  chatId: number,
  messageId: number,
  parentId: number | null,
  link: string,
  emit: (chatId: number, id: number, parentId: number | null, kind: 'edited') => void,
) {
  try {
    const title = await fetchTitle(link);
    if (!title) return;
    const updated = await db
      .update(chatMessages)
      .set({ linkPreview: { url: link, title } })
      .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.deletedAt)))
      .returning({ id: chatMessages.id });
    if (updated.length > 0) emit(chatId, messageId, parentId, 'edited');
  } catch {
    // A preview is a nicety: a failure (the database closing meanwhile) leaves the message as it is.
  }
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
 * With a `guard`, nothing is written (no row comes back) unless the guard holds.
 */
function messageInsert(message: NewMessage, guard: SQL = sql`true`) {
  return sql`with inserted as (
      insert into ${chatMessages} (chat_id, user_id, parent_id, text, mentions)
      select ${message.chatId}, ${message.userId}, ${message.parentId ?? null}, ${message.text},
        ${JSON.stringify(message.mentions)}::jsonb
      where ${guard}
      returning id
    ), read_mark as (
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
