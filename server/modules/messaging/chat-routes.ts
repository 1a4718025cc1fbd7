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
import { operationRoutes } from '../../http/operation-routes';
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

/** Chats (spec 7.12) under /messaging/chats. */
export default async function chatRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  route.get(
    '/chats',
    {
      summary: "The caller's chats with unread counts and last message, newest first",
      querystring: chatListQuery,
      answer: chatList,
    },
    (actor, request) =>
      listChats(deps, actor, {
        page: request.query.page,
        perPage: request.query.per_page,
      }),
  );

  route.get(
    '/chats/search',
    {
      summary: 'Chats and people matching a text; paged until a page is empty',
      querystring: chatSearchQuery,
      answer: chatSearchResult,
    },
    (actor, request) =>
      searchChats(deps, actor, {
        q: request.query.q,
        page: request.query.page,
        perPage: request.query.per_page,
      }),
  );

  route.get(
    '/chats/task-chats',
    { summary: "The caller's chats linked to tasks", querystring: chatListQuery, answer: chatList },
    (actor, request) =>
      listChats(deps, actor, {
        page: request.query.page,
        perPage: request.query.per_page,
        taskChats: true,
      }),
  );

  route.get('/chats/:id', { params: chatParams, answer: chatResource }, (actor, request) =>
    showChat(deps, actor, request.params.id),
  );

  app.post(
    '/chats/mute-chat',
    { schema: { tags, body: muteBody, response: { 200: envelope(chatResource) } } },
    async (request) =>
      ok(
        await muteChat(deps, actorOf(request), {
          chatId: request.body.chat_id,
          mute: request.body.is_mute,
        }),
        request.body.is_mute ? 'messaging:messages.muted' : 'messaging:messages.unmuted',
      ),
  );

  route.post(
    '/chats/group-chat/leave',
    { body: chatIdBody, answer: chatResource, message: 'messaging:messages.left' },
    (actor, request) => leaveGroupChat(deps, actor, request.body.chat_id),
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

  route.post(
    '/chats/group-chat/edit',
    { body: editGroupBody, answer: chatResource, message: 'messaging:messages.saved' },
    (actor, request) => editGroupChat(deps, actor, request.body),
  );

  route.post('/chats/user-chat', { body: userChatBody, answer: chatResource }, (actor, request) =>
    openUserChat(deps, actor, request.body.user_id),
  );

  route.post(
    '/chats/link-to-model',
    {
      summary: "The chat of a task or team (made on first use), with the model's people in it",
      body: linkModelBody,
      answer: chatResource,
    },
    (actor, request) =>
      openModelChat(deps, actor, {
        modelType: request.body.model_type,
        modelId: request.body.model_id,
      }),
  );

  route.post(
    '/chats/unlink-to-model',
    {
      summary: 'Unlinks a chat from its task or team; it goes on as a group chat',
      body: chatIdBody,
      answer: chatResource,
      message: 'messaging:messages.unlinked',
    },
    (actor, request) => unlinkModelChat(deps, actor, request.body.chat_id),
  );

  route.post(
    '/chats/:id/read',
    {
      summary: "Moves the caller's last-read pointer forward (never back)",
      params: chatParams,
      body: readBody,
      answer: z.object({ last_read_message_id: z.number().int() }),
    },
    (actor, request) =>
      markChatRead(deps, actor, {
        chatId: request.params.id,
        messageId: request.body.message_id,
      }),
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
