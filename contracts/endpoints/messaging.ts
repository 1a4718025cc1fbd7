import type { z } from 'zod';
import { endpoint } from '../endpoint';
import type {
  chatIdBody,
  chatList,
  chatListQuery,
  chatResource,
  chatSearchQuery,
  chatSearchResult,
  editGroupBody,
  editMessageBody,
  groupChatBody,
  linkModelBody,
  messageList,
  messageResource,
  messagesQuery,
  muteBody,
  reactionBody,
  readBody,
  sendFilesQuery,
  sendMessageBody,
  typingBody,
  userChatBody,
} from '../messaging';
import type { emptyResource } from '../common';

/** Spec 7.13: chats and their messages. */
export const messagingEndpoints = {
  chats: endpoint('GET', 'messaging/chats').of<{
    query: typeof chatListQuery;
    response: typeof chatList;
  }>(),
  chat: endpoint('GET', 'messaging/chats/:id').of<{ response: typeof chatResource }>(),
  search: endpoint('GET', 'messaging/chats/search').of<{
    query: typeof chatSearchQuery;
    response: typeof chatSearchResult;
  }>(),
  history: endpoint('GET', 'messaging/messages').of<{
    query: typeof messagesQuery;
    response: typeof messageList;
  }>(),
  send: endpoint('POST', 'messaging/messages').of<{
    body: typeof sendMessageBody;
    response: typeof messageResource;
  }>(),
  sendFiles: endpoint('POST', 'messaging/messages/files').of<{
    query: typeof sendFilesQuery;
    body: 'form';
    response: typeof messageResource;
  }>(),
  file: endpoint('GET', 'messaging/messages/:id/files/:file').of<{ response: 'file' }>(),
  edit: endpoint('PUT', 'messaging/messages/:id').of<{
    body: typeof editMessageBody;
    response: typeof messageResource;
  }>(),
  remove: endpoint('DELETE', 'messaging/messages/:id').of<{ response: typeof messageResource }>(),
  react: endpoint('PUT', 'messaging/messages/:id/reactions').of<{
    body: typeof reactionBody;
    response: typeof messageResource;
  }>(),
  /** Answered as the server declares it inline (chat routes). */
  read: endpoint('POST', 'messaging/chats/:id/read').of<{
    body: typeof readBody;
    response: z.ZodObject<{ last_read_message_id: z.ZodNumber }>;
  }>(),
  typing: endpoint('POST', 'messaging/chats/:id/typing').of<{
    body: typeof typingBody;
    response: typeof emptyResource;
  }>(),
  mute: endpoint('POST', 'messaging/chats/mute-chat').of<{
    body: typeof muteBody;
    response: typeof chatResource;
  }>(),
  leave: endpoint('POST', 'messaging/chats/group-chat/leave').of<{
    body: typeof chatIdBody;
    response: typeof chatResource;
  }>(),
  createGroup: endpoint('POST', 'messaging/chats/group-chat').of<{
    body: typeof groupChatBody;
    response: typeof chatResource;
  }>(),
  editGroup: endpoint('POST', 'messaging/chats/group-chat/edit').of<{
    body: typeof editGroupBody;
    response: typeof chatResource;
  }>(),
  userChat: endpoint('POST', 'messaging/chats/user-chat').of<{
    body: typeof userChatBody;
    response: typeof chatResource;
  }>(),
  linkToModel: endpoint('POST', 'messaging/chats/link-to-model').of<{
    body: typeof linkModelBody;
    response: typeof chatResource;
  }>(),
};
