import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ChatDetail,
  ChatEntry,
  ChatMessage,
  chatSearchResult,
  editGroupBody,
  groupChatBody,
} from '@contracts/messaging';
import { CHAT_SEND_REQUEST, MESSAGES_PAGE } from '@contracts/constants';
import { liveUpdates } from '@/lib/live-socket';
import { api } from '@/lib/http';

export type { ChatDetail, ChatEntry, ChatMessage };
export type SearchResult = z.infer<typeof chatSearchResult>;
export type GroupChatBody = z.infer<typeof groupChatBody>;
export type EditGroupBody = z.infer<typeof editGroupBody>;

/** Query keys of the messages area, one helper so invalidation stays in step. */
export const messageKeys = {
  all: ['messaging'] as const,
  chats: () => ['messaging', 'chats'] as const,
  chat: (id: number) => ['messaging', 'chat', id] as const,
  history: (chatId: number, parentId?: number) =>
    ['messaging', 'history', chatId, parentId ?? 'main'] as const,
  search: (q: string) => ['messaging', 'search', q] as const,
  menu: ['core', 'menu'] as const,
};

const get = <T>(url: string, params?: object) => api.get<T>(url, { params });
const post = <T>(url: string, body?: unknown, quiet = false) =>
  api.post<T>(url, body ?? {}, { hideMessages: quiet });

export const messagingApi = {
  chats: () =>
    get<{ chats: ChatEntry[] }>('messaging/chats', { per_page: 100 }).then((r) => r.chats),
  chat: (id: number) => get<{ chat: ChatDetail }>(`messaging/chats/${id}`).then((r) => r.chat),
  search: (q: string, page: number) => get<SearchResult>('messaging/chats/search', { q, page }),
  history: (chatId: number, before?: number, parentId?: number) =>
    get<{ messages: ChatMessage[]; has_more: boolean }>('messaging/messages', {
      chat_id: chatId,
      before,
      parent_id: parentId,
      per_page: MESSAGES_PAGE,
    }),
  /**
   * Over the live socket when it is up (the message reaches the room sooner), otherwise with
   * POST. A refusal over the socket is thrown in the shape of an HTTP one, so callers see one.
   */
  send: async (body: {
    chat_id: number;
    text: string;
    parent_id?: number;
    mentions?: number[];
  }) => {
    const answer = await liveUpdates.request<{ message: ChatMessage }>(CHAT_SEND_REQUEST, body);
    if (!answer) {
      return post<{ message: ChatMessage }>('messaging/messages', body, true).then(
        (r) => r.message,
      );
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
      .post<{ message: ChatMessage }>(`messaging/messages/files`, form, {
        params: { chat_id: chatId },
        hideMessages: true,
      })
      .then((r) => r.message);
  },
  edit: (id: number, text: string) =>
    api.put<{ message: ChatMessage }>(`messaging/messages/${id}`, { text }),
  remove: (id: number) => api.delete<{ message: ChatMessage }>(`messaging/messages/${id}`),
  react: (id: number, emoji: string) =>
    api.put<{ message: ChatMessage }>(
      `messaging/messages/${id}/reactions`,
      { emoji },
      { hideMessages: true },
    ),
  read: (chatId: number, messageId: number) =>
    post<{ last_read_message_id: number }>(
      `messaging/chats/${chatId}/read`,
      { message_id: messageId },
      true,
    ),
  typing: (chatId: number) => post(`messaging/chats/${chatId}/typing`, {}, true),
  mute: (chatId: number, isMute: boolean) =>
    post<{ chat: ChatDetail }>('messaging/chats/mute-chat', { chat_id: chatId, is_mute: isMute }),
  leave: (chatId: number) =>
    post<{ chat: ChatDetail }>('messaging/chats/group-chat/leave', { chat_id: chatId }),
  createGroup: (body: GroupChatBody) =>
    post<{ chat: ChatDetail }>('messaging/chats/group-chat', body).then((r) => r.chat),
  editGroup: (body: EditGroupBody) =>
    post<{ chat: ChatDetail }>('messaging/chats/group-chat/edit', body).then((r) => r.chat),
  userChat: (userId: number) =>
    post<{ chat: ChatDetail }>('messaging/chats/user-chat', { user_id: userId }, true).then(
      (r) => r.chat,
    ),
  linkToModel: (modelType: 'task' | 'team', modelId: number) =>
    post<{ chat: ChatDetail }>(
      'messaging/chats/link-to-model',
      { model_type: modelType, model_id: modelId },
      true,
    ).then((r) => r.chat),
  menu: () => get<{ new_messages_count: number }>('core/menu'),
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
