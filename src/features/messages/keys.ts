/** Query keys of the messages area, one helper so invalidation stays in step. */
export const messageKeys = {
  all: ['messaging'] as const,
  chats: () => ['messaging', 'chats'] as const,
  chat: (id: number) => ['messaging', 'chat', id] as const,
  /** Every loaded history of a chat: its main list and its threads. */
  histories: (chatId: number) => ['messaging', 'history', chatId] as const,
  history: (chatId: number, parentId?: number) =>
    [...messageKeys.histories(chatId), parentId ?? 'main'] as const,
  people: ['messaging', 'people'] as const,
  search: (q: string) => ['messaging', 'search', q] as const,
  menu: ['core', 'menu'] as const,
};
