/** Query keys of the notifications area. */
export const notificationKeys = {
  all: ['core', 'notifications'] as const,
  list: (query: { page: number; unread: boolean }) =>
    ['core', 'notifications', 'list', query] as const,
  unread: ['core', 'notifications', 'unread'] as const,
  channels: ['core', 'notifications', 'channels'] as const,
  settings: ['core', 'notifications', 'settings'] as const,
  token: (token: string) => ['core', 'notifications', 'token', token] as const,
  meetingOptions: ['core', 'meetings', 'options'] as const,
};
