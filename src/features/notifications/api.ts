import type { z } from 'zod';
import type {
  addToCalendarResource,
  channelsResource,
  createMeetingBody,
  markedResource,
  meetingOptionsResource,
  meetingResource,
  NotificationItem,
  notificationsResource,
  tokenSettingsResource,
  unreadResource,
} from '@contracts/notifications';
import type { notificationsResource as settingsResource } from '@contracts/profile';
import { api } from '@/lib/http';

export type NotificationsPage = z.infer<typeof notificationsResource>;
export type { NotificationItem };
export type Settings = Record<string, boolean>;
export type CreateMeeting = z.input<typeof createMeetingBody>;

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

const get = <T>(url: string, params?: object) => api.get<T>(url, { params });
const post = <T>(url: string, body?: unknown) => api.post<T>(url, body ?? {});

export const notificationsApi = {
  list: (page: number, perPage: number, unread: boolean) =>
    get<NotificationsPage>('core/notifications', {
      page,
      per_page: perPage,
      ...(unread ? { is_read: '0' } : {}),
    }),
  unread: () => get<z.infer<typeof unreadResource>>('core/notifications/unread-notifications'),
  markRead: (id: number) => post<z.infer<typeof markedResource>>(`core/notifications/${id}/read`),
  markAllRead: () => post<z.infer<typeof markedResource>>('core/notifications/read-all'),
  channels: () => get<z.infer<typeof channelsResource>>('core/notifications/channels'),
  settings: async () =>
    (await get<z.infer<typeof settingsResource>>('core/user/notifications')).notification_settings,
  saveSettings: async (changes: Settings) =>
    (
      await post<z.infer<typeof settingsResource>>('core/user/notifications', {
        notification_settings: changes,
      })
    ).notification_settings,
  // The page says itself when the link is not valid; a toast would repeat it.
  withToken: (token: string) =>
    api.get<z.infer<typeof tokenSettingsResource>>('core/user/notifications-with-token', {
      params: { token },
      hideMessages: true,
    }),
  saveWithToken: (token: string, changes: Settings) =>
    post<z.infer<typeof tokenSettingsResource>>('core/user/notifications-with-token', {
      token,
      notification_settings: changes,
    }),
  meetingOptions: () => get<z.infer<typeof meetingOptionsResource>>('core/meetings/options'),
  createMeeting: (body: CreateMeeting) =>
    post<z.infer<typeof meetingResource>>('core/meetings', body),
  addToCalendar: (id: number) =>
    post<z.infer<typeof addToCalendarResource>>(`core/meetings/${id}/add-to-calendar`),
};
