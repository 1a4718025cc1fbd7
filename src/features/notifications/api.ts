import type { z } from 'zod';
import type {
  createMeetingBody,
  NotificationItem,
  notificationsResource,
} from '@contracts/notifications';
import { notificationEndpoints as endpoints } from '@contracts/endpoints/notifications';
import { api } from '@/lib/http';

export type NotificationsPage = z.infer<typeof notificationsResource>;
export type { NotificationItem };
export type Settings = Record<string, boolean>;
export type CreateMeeting = z.input<typeof createMeetingBody>;

export const notificationsApi = {
  list: (page: number, perPage: number, unread: boolean) =>
    api.call(endpoints.list, {
      query: { page, per_page: perPage, ...(unread ? { is_read: '0' } : {}) },
    }),
  unread: () => api.call(endpoints.unread),
  markRead: (id: number) => api.call(endpoints.markRead, { params: { id } }),
  markAllRead: () => api.call(endpoints.markAllRead),
  channels: () => api.call(endpoints.channels),
  settings: async () => (await api.call(endpoints.settings)).notification_settings,
  saveSettings: async (changes: Settings) =>
    (await api.call(endpoints.saveSettings, { body: { notification_settings: changes } }))
      .notification_settings,
  // The page says itself when the link is not valid; a toast would repeat it.
  withToken: (token: string) =>
    api.call(endpoints.withToken, { query: { token } }, { hideMessages: true }),
  saveWithToken: (token: string, changes: Settings) =>
    api.call(endpoints.saveWithToken, { body: { token, notification_settings: changes } }),
  meetingOptions: () => api.call(endpoints.meetingOptions),
  createMeeting: (body: CreateMeeting) => api.call(endpoints.createMeeting, { body }),
  addToCalendar: (id: number) => api.call(endpoints.addToCalendar, { params: { id } }),
};
