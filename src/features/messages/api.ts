import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ChatDetail,
  ChatEntry,
  ChatMessage,
  chatSearchResult,
  editGroupBody,
  groupChatBody,
  REACTIONS,
} from '@contracts/messaging';
import { messagingEndpoints as endpoints } from '@contracts/endpoints/messaging';
import { workspaceEndpoints } from '@contracts/endpoints/workspaces';
import { CHAT_SEND_REQUEST, MESSAGES_PAGE } from '@contracts/constants';
import { liveUpdates } from '@/lib/live-socket';
import { api, newIdempotencyKey } from '@/lib/http';
import { messageKeys } from './keys';

export type { ChatDetail, ChatEntry, ChatMessage };
export type SearchResult = z.infer<typeof chatSearchResult>;
export type GroupChatBody = z.infer<typeof groupChatBody>;
export type EditGroupBody = z.infer<typeof editGroupBody>;
export type Reaction = (typeof REACTIONS)[number];

const quiet = { hideMessages: true };

export const messagingApi = {
  chats: () => api.call(endpoints.chats, { query: { per_page: 100 } }).then((r) => r.chats),
  chat: (id: number) => api.call(endpoints.chat, { params: { id } }).then((r) => r.chat),
  search: (q: string, page: number) => api.call(endpoints.search, { query: { q, page } }),
  history: (chatId: number, before?: number, parentId?: number) =>
    api.call(endpoints.history, {
      query: { chat_id: chatId, before, parent_id: parentId, per_page: MESSAGES_PAGE },
    }),
  /**
   * Over the live socket when it is up (the message reaches the room sooner), otherwise with
   * POST. A refusal over the socket is thrown in the shape of an HTTP one, so callers see one.
   * One idempotency key for both ways: a send that reached the server once is stored once.
   */
  send: async (body: {
    chat_id: number;
    text: string;
    parent_id?: number;
    mentions?: number[];
  }) => {
    const key = newIdempotencyKey();
    const answer = await liveUpdates.request<{ message: ChatMessage }>(CHAT_SEND_REQUEST, {
      ...body,
      idempotency_key: key,
    });
    if (!answer) {
      return api
        .call(endpoints.send, { body }, { ...quiet, idempotent: key })
        .then((r) => r.message);
    }
    if (answer.ok) return answer.resource.message;
    throw Object.assign(new Error(answer.messages[0]), {
      response: { status: answer.status, data: answer },
    });
  },
  sendFiles: (chatId: number, text: string, files: File[], parentId?: number) => {
    const form = new FormData();
    form.append('text', text);
    if (parentId) form.append('parent_id', String(parentId));
    files.forEach((file) => form.append('files', file));
    return api
      .call(
        endpoints.sendFiles,
        { query: { chat_id: chatId }, body: form },
        { ...quiet, idempotent: true },
      )
      .then((r) => r.message);
  },
  /** A message's file as a blob (the route needs the bearer header, so no plain link). */
  file: async (messageId: number, fileId: number) =>
    (await api.download(endpoints.file, { params: { id: messageId, file: fileId } })).blob,
  edit: (id: number, text: string) => api.call(endpoints.edit, { params: { id }, body: { text } }),
  remove: (id: number) => api.call(endpoints.remove, { params: { id } }),
  react: (id: number, emoji: Reaction) =>
    api.call(endpoints.react, { params: { id }, body: { emoji } }, quiet),
  read: (chatId: number, messageId: number) =>
    api.call(endpoints.read, { params: { id: chatId }, body: { message_id: messageId } }, quiet),
  typing: (chatId: number) =>
    api.call(endpoints.typing, { params: { id: chatId }, body: {} }, quiet),
  mute: (chatId: number, isMute: boolean) =>
    api.call(endpoints.mute, { body: { chat_id: chatId, is_mute: isMute } }),
  leave: (chatId: number) => api.call(endpoints.leave, { body: { chat_id: chatId } }),
  createGroup: (body: GroupChatBody) =>
    api.call(endpoints.createGroup, { body }).then((r) => r.chat),
  editGroup: (body: EditGroupBody) => api.call(endpoints.editGroup, { body }).then((r) => r.chat),
  userChat: (userId: number) =>
    api.call(endpoints.userChat, { body: { user_id: userId } }, quiet).then((r) => r.chat),
  linkToModel: (modelType: 'task' | 'team', modelId: number) =>
    api
      .call(endpoints.linkToModel, { body: { model_type: modelType, model_id: modelId } }, quiet)
      .then((r) => r.chat),
  menu: () => api.call(workspaceEndpoints.coreMenu),
};

export function useChats(enabled = true) {
  return useQuery({ queryKey: messageKeys.chats(), queryFn: messagingApi.chats, enabled });
}

export function useChat(id: number | null) {
  return useQuery({
    queryKey: messageKeys.chat(id ?? 0),
    queryFn: () => messagingApi.chat(id!),
    enabled: id !== null,
  });
}

export function useMenuCount(enabled: boolean) {
  return useQuery({ queryKey: messageKeys.menu, queryFn: messagingApi.menu, enabled });
}

/** A chat's history (or a thread), newest page first; older pages load on demand. */
export function useHistory(chatId: number, parentId?: number) {
  return useInfiniteQuery({
    queryKey: messageKeys.history(chatId, parentId),
    queryFn: ({ pageParam }) => messagingApi.history(chatId, pageParam, parentId),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) =>
      last.has_more ? last.messages[last.messages.length - 1]?.id : undefined,
  });
}

/** After a change to chats: the list, the open chat and the menu count refetch. */
export function useRefreshChats() {
  const queryClient = useQueryClient();
  return (chatId?: number) => {
    void queryClient.invalidateQueries({ queryKey: messageKeys.chats() });
    void queryClient.invalidateQueries({ queryKey: messageKeys.menu });
    if (chatId) void queryClient.invalidateQueries({ queryKey: messageKeys.chat(chatId) });
  };
}
