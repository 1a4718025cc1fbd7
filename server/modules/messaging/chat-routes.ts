import { emptyResource, envelope } from '@contracts/common';
import {
  chatIdBody,
  chatList,
  chatListQuery,
  chatParams,
  chatResource,
  chatSearchQuery,
  chatSearchResult,
  editGroupBody,
  groupChatBody,
  linkModelBody,
  muteBody,
  readBody,
  typingBody,
  userChatBody,
} from '@contracts/messaging';
import { z } from 'zod';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { createGroupChat } from './operations/create-group-chat';
import { editGroupChat } from './operations/edit-group-chat';
import { leaveGroupChat } from './operations/leave-group-chat';
import { listChats, searchChats } from './operations/list-chats';
import { markChatRead, tellTyping } from './operations/mark-chat-read';
import { muteChat } from './operations/mute-chat';
import { openModelChat, openUserChat } from './operations/open-chat';
import { showChat } from './operations/show-chat';
import { unlinkModelChat } from './operations/unlink-model-chat';

const tags = ['messaging'];
const detailReply = { 200: envelope(chatResource) };

/** Chats (spec 7.12) under /messaging/chats. */
export default async function chatRoutes(app: App) {
  const { deps } = app;

  app.get(
    '/chats',
    {
      schema: {
        tags,
        summary: "The caller's chats with unread counts and last message, newest first",
        querystring: chatListQuery,
        response: { 200: envelope(chatList) },
      },
    },
    async (request) =>
      ok(
        await listChats(deps, actorOf(request), {
          page: request.query.page,
          perPage: request.query.per_page,
        }),
      ),
  );

  app.get(
    '/chats/search',
    {
      schema: {
        tags,
        summary: 'Chats and people matching a text; paged until a page is empty',
        querystring: chatSearchQuery,
        response: { 200: envelope(chatSearchResult) },
      },
    },
    async (request) =>
      ok(
        await searchChats(deps, actorOf(request), {
          q: request.query.q,
          page: request.query.page,
          perPage: request.query.per_page,
        }),
      ),
  );

  app.get(
    '/chats/task-chats',
    {
      schema: {
        tags,
        summary: "The caller's chats linked to tasks",
        querystring: chatListQuery,
        response: { 200: envelope(chatList) },
      },
    },
    async (request) =>
      ok(
        await listChats(deps, actorOf(request), {
          page: request.query.page,
          perPage: request.query.per_page,
          taskChats: true,
        }),
      ),
  );

  app.get(
    '/chats/:id',
    { schema: { tags, params: chatParams, response: detailReply } },
    async (request) => ok(await showChat(deps, actorOf(request), request.params.id)),
  );

  app.post(
    '/chats/mute-chat',
    { schema: { tags, body: muteBody, response: detailReply } },
    async (request) =>
      ok(
        await muteChat(deps, actorOf(request), {
          chatId: request.body.chat_id,
          mute: request.body.is_mute,
        }),
        request.body.is_mute ? 'messaging:messages.muted' : 'messaging:messages.unmuted',
      ),
  );

  app.post(
    '/chats/group-chat/leave',
    { schema: { tags, body: chatIdBody, response: detailReply } },
    async (request) =>
      ok(
        await leaveGroupChat(deps, actorOf(request), request.body.chat_id),
        'messaging:messages.left',
      ),
  );

  app.post(
    '/chats/group-chat',
    { schema: { tags, body: groupChatBody, response: { 201: envelope(chatResource) } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await createGroupChat(deps, actorOf(request), request.body),
            'messaging:messages.created',
          ),
        ),
  );

  app.post(
    '/chats/group-chat/edit',
    { schema: { tags, body: editGroupBody, response: detailReply } },
    async (request) =>
      ok(await editGroupChat(deps, actorOf(request), request.body), 'messaging:messages.saved'),
  );

  app.post(
    '/chats/user-chat',
    { schema: { tags, body: userChatBody, response: detailReply } },
    async (request) => ok(await openUserChat(deps, actorOf(request), request.body.user_id)),
  );

  app.post(
    '/chats/link-to-model',
    {
      schema: {
        tags,
        summary: "The chat of a task or team (made on first use), with the model's people in it",
        body: linkModelBody,
        response: detailReply,
      },
    },
    async (request) =>
      ok(
        await openModelChat(deps, actorOf(request), {
          modelType: request.body.model_type,
          modelId: request.body.model_id,
        }),
      ),
  );

  app.post(
    '/chats/unlink-to-model',
    {
      schema: {
        tags,
        summary: 'Unlinks a chat from its task or team; it goes on as a group chat',
        body: chatIdBody,
        response: detailReply,
      },
    },
    async (request) =>
      ok(
        await unlinkModelChat(deps, actorOf(request), request.body.chat_id),
        'messaging:messages.unlinked',
      ),
  );

  app.post(
    '/chats/:id/read',
    {
      schema: {
        tags,
        summary: "Moves the caller's last-read pointer forward (never back)",
        params: chatParams,
        body: readBody,
        response: { 200: envelope(z.object({ last_read_message_id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        await markChatRead(deps, actorOf(request), {
          chatId: request.params.id,
          messageId: request.body.message_id,
        }),
      ),
  );

  app.post(
    '/chats/:id/typing',
    {
      schema: {
        tags,
        summary: 'Tells the other members the caller is typing',
        params: chatParams,
        body: typingBody,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => ok(await tellTyping(deps, actorOf(request), request.params.id)),
  );
}
