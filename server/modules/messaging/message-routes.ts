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
  socketSendMessage,
} from '@contracts/messaging';
import { CHAT_SEND_REQUEST } from '@contracts/constants';
import { actorFor } from '../../core/actor';
import { uploadCapacity } from '../drive';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import { invalidInput } from '../../http/error-handler';
import { validationFailed } from '../../http/errors';
import { idempotencyKeyHeaders, idempotencyKeyOf } from '../../http/idempotency-key';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { namedDisposition } from '../../http/content-disposition';
import { storageFor } from '../../storage';
import { parseFields, receiveUploads } from '../../storage/uploads';
import { deleteMessage } from './operations/delete-message';
import { editMessage } from './operations/edit-message';
import { listMessages } from './operations/list-messages';
import { messageFile } from './operations/message-file';
import { reactToMessage } from './operations/react-to-message';
import { checkMaySend, sendMessage } from './operations/send-message';

const tags = ['messaging'];
const multipart = { consumes: ['multipart/form-data'] };

/** Messages (spec 7.12) under /messaging/messages: HTTP over the messaging operations. */
export default async function messageRoutes(app: App) {
  const { db } = app.deps;
  const route = operationRoutes(app, tags);

  route.get(
    '/messages',
    {
      summary: 'A page of a chat (or a thread), newest first, before a cursor',
      querystring: messagesQuery,
      answer: messageList,
    },
    (actor, { query: q }) =>
      listMessages(db, actor, {
        chatId: q.chat_id,
        parentId: q.parent_id,
        before: q.before,
        perPage: q.per_page,
      }),
  );

  // The same send from a socket (src/lib/realtime.ts): no HTTP round, so a message reaches the
  // room sooner.
  app.deps.realtime.onClientRequest(CHAT_SEND_REQUEST, async (client, payload) => {
    const parsed = socketSendMessage.safeParse(payload, { reportInput: true });
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    const body = parsed.data;
    const actor = actorFor({ id: client.userId, role: client.role }, 'socket', client.sessionId);
    const { message } = await sendMessage(app.deps, actor, {
      chatId: body.chat_id,
      text: body.text,
      parentId: body.parent_id,
      mentions: body.mentions,
      idempotencyKey: body.idempotency_key,
    });
    return { message };
  });

  app.post(
    '/messages',
    {
      schema: {
        tags,
        headers: idempotencyKeyHeaders,
        body: sendMessageBody,
        response: { 201: envelope(messageResource) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { message } = await sendMessage(app.deps, actorOf(request), {
        chatId: body.chat_id,
        text: body.text,
        parentId: body.parent_id,
        mentions: body.mentions,
        idempotencyKey: idempotencyKeyOf(request),
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
        headers: idempotencyKeyHeaders,
        querystring: sendFilesQuery,
        response: { 201: envelope(messageResource) },
      },
    },
    async (request, reply) => {
      // Who may send is checked before the body is read (and a bad key refused).
      const idempotencyKey = idempotencyKeyOf(request);
      await checkMaySend(app.deps, actorOf(request), request.query.chat_id);
      const form = await receiveUploads(request, {
        storage: storageFor(app.deps.config),
        folder: 'chats',
        maxFileBytes: app.deps.config.UPLOAD_LIMIT_BYTES,
        maxFiles: 10,
        // Files sent in chats count against the sender's drive capacity.
        ...(await uploadCapacity(app.deps, actorOf(request).userId, {
          notMultipart: 'messaging:messages.upload_not_multipart',
          tooLarge: 'messaging:messages.upload_too_large',
          tooMany: 'messaging:messages.upload_too_many',
          unsupportedType: 'messaging:messages.upload_type_refused',
          malformed: 'messaging:messages.upload_malformed',
        })),
      });
      try {
        const fields = parseFields(sendFilesFields, form.fields);
        if (!fields.text && form.files.length === 0) {
          throw validationFailed({ text: 'messaging:messages.empty' });
        }
        const { message, replayed } = await sendMessage(app.deps, actorOf(request), {
          chatId: request.query.chat_id,
          text: fields.text,
          parentId: fields.parent_id,
          files: form.files,
          idempotencyKey,
        });
        await (replayed ? form.discard() : form.publish());
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
      const file = await messageFile(db, actorOf(request), {
        messageId: request.params.id,
        fileId: request.params.file,
      });
      return reply
        .type(file.mimeType)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', namedDisposition(file.name))
        .send(storageFor(app.deps.config).read(file.storageKey));
    },
  );

  route.put(
    '/messages/:id',
    {
      summary: 'Edits the text of one of the caller’s messages',
      params: messageParams,
      body: editMessageBody,
      answer: messageResource,
      message: 'messaging:messages.edited',
    },
    async (actor, request) => ({
      message: await editMessage(app.deps, actor, {
        messageId: request.params.id,
        text: request.body.text,
      }),
    }),
  );

  route.delete(
    '/messages/:id',
    {
      summary: 'Deletes one of the caller’s messages; a "deleted" mark stays in its place',
      params: messageParams,
      answer: messageResource,
      message: 'messaging:messages.deleted',
    },
    async (actor, request) => ({
      message: await deleteMessage(app.deps, actor, request.params.id),
    }),
  );

  route.put(
    '/messages/:id/reactions',
    {
      summary: 'Adds the caller’s reaction, or takes it back when already there',
      params: messageParams,
      body: reactionBody,
      answer: messageResource,
    },
    async (actor, request) => ({
      message: await reactToMessage(app.deps, actor, {
        messageId: request.params.id,
        emoji: request.body.emoji,
      }),
    }),
  );
}
