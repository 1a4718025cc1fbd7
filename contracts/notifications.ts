import { z } from 'zod';
import { pageQuery, paged, rowId, rowIdText } from './common';
import { notificationSettings, saveNotificationsBody, type NotificationEvent } from './profile';

/** What a notification is about (spec 3 "Notification", issue 13). */
export const NOTIFICATION_KINDS = [
  'task_assigned',
  'task_submitted',
  'task_returned',
  'task_accepted',
  'task_reminder',
  'assessment_reminder',
  'okr_check_in_due',
  'mentioned',
  'workspace_invited',
  'team_formed',
  'meeting_invited',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Which settings switch (`<event>_<channel>`) governs a kind. */
export const SETTING_OF_KIND: Record<NotificationKind, NotificationEvent> = {
  task_assigned: 'task_assigned',
  task_submitted: 'task_submitted',
  task_returned: 'task_reviewed',
  task_accepted: 'task_reviewed',
  task_reminder: 'task_due',
  assessment_reminder: 'task_due',
  okr_check_in_due: 'task_due',
  mentioned: 'mention',
  workspace_invited: 'workspace_invited',
  team_formed: 'team_formed',
  meeting_invited: 'meeting_invited',
};

export const NOTIFICATION_RANGES = ['recent', 'weekly', 'all'] as const;

export const notificationsQuery = pageQuery.extend({
  /** recent: the last 48 hours; weekly: the last 7 days; all: everything. */
  range: z.enum(NOTIFICATION_RANGES).default('all'),
  is_read: z.enum(['0', '1']).optional(),
});

export const notificationItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  workspace_id: z.number().int().nullable(),
  reference_type: z.string().nullable(),
  reference_id: z.number().int().nullable(),
  /** The message key (`data.message_key`) and its values; the client words it. */
  data: z.record(z.string(), z.unknown()),
  /** Where the notification opens, a path of the app. */
  link: z.string().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationsResource = z.object({
  notifications: paged(notificationItem),
  unread_notifications: z.number().int(),
});
export const unreadResource = z.object({ unread_notifications: z.number().int() });
export const markReadBody = z.object({ ids: z.array(rowId).min(1).max(100) });
export const markedResource = z.object({
  updated: z.number().int(),
  unread_notifications: z.number().int(),
});
export const notificationIdParam = z.object({ id: rowIdText });

/** Which channels exist on this server (the settings page says what is off). */
export const channelsResource = z.object({
  email: z.boolean(),
  teams_activity_feed: z.boolean(),
  /** Browser notifications (Web Push); false when the server has no VAPID keys. */
  web_push: z.boolean(),
  /** The VAPID public key a browser subscribes with (base64url), null when off. */
  web_push_public_key: z.string().nullable(),
});

/** A base64url value of a subscription's keys (RFC 8291: a P-256 point, a 16-byte secret). */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

/**
 * `PUT user/fcm-token` (spec 7.9): the browser's push subscription, as PushSubscription.toJSON()
 * gives it, either as it is or under `subscription`. The spec's name is the former client's
 * (Firebase); this server speaks Web Push to every browser's own push service.
 */
const pushSubscriptionJson = z.object({
  endpoint: z
    .string()
    .max(2048)
    .url()
    .refine((value) => value.startsWith('https://'), { message: 'An https address.' }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
});
export const pushSubscriptionBody = z.union([
  z.object({ subscription: pushSubscriptionJson }),
  pushSubscriptionJson,
]);
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
export const pushEndpointQuery = z.object({ endpoint: z.string().min(1).max(2048) });
export const pushSubscriptionResource = z.object({
  push_subscription: z.object({ endpoint: z.string(), created_at: z.string() }),
});
export const pushRemovedResource = z.object({ removed: z.number().int() });

export const tokenQuery = z.object({ token: z.string().min(10).max(300) });
export const tokenSettingsResource = z.object({
  email: z.string(),
  notification_settings: notificationSettings,
});
export const saveWithTokenBody = saveNotificationsBody.extend({
  token: z.string().min(10).max(300),
});

// ---------------------------------------------------------------- meetings

export const MEETING_PROVIDERS = ['none', 'zoom', 'teams', 'link'] as const;

export const createMeetingBody = z
  .object({
    workspace_id: rowId,
    title: z.string().trim().min(1).max(200),
    description: z.string().max(5000).optional(),
    start_at: z.string().datetime({ offset: true }),
    duration_minutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60),
    attendee_ids: z.array(rowId).max(200).default([]),
    provider: z.enum(MEETING_PROVIDERS).default('none'),
    /** With provider `link`: a meeting address of the caller's choice. */
    join_url: z.string().url().max(2000).startsWith('https://').optional(),
  })
  .refine((b) => b.provider !== 'link' || b.join_url !== undefined, {
    path: ['join_url'],
    message: 'A link meeting needs its address.',
  });

export const meetingItem = z.object({
  id: z.number().int(),
  workspace_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  start_at: z.string(),
  end_at: z.string(),
  provider: z.enum(MEETING_PROVIDERS),
  join_url: z.string().nullable(),
  created_by: z.number().int(),
  attendee_ids: z.array(z.number().int()),
  /** What a calendar shows for it. */
  calendar_event: z.object({
    title: z.string(),
    start: z.string(),
    end: z.string(),
    location: z.string().nullable(),
  }),
});
export type MeetingItem = z.infer<typeof meetingItem>;
export const meetingResource = z.object({ meeting: meetingItem });
export const meetingsQuery = z.object({
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
});
export const meetingsResource = z.object({ meetings: z.array(meetingItem) });
export const addToCalendarResource = z.object({
  meeting: meetingItem,
  ics: z.string(),
  file_name: z.string(),
});

export const zoomMeetingBody = z.object({
  topic: z.string().trim().min(1).max(200),
  start_at: z.string().datetime({ offset: true }),
  duration_minutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
});
export const zoomMeetingResource = z.object({
  zoom: z.object({
    id: z.string(),
    join_url: z.string(),
    start_url: z.string().nullable(),
    password: z.string().nullable(),
  }),
});
export const meetingOptionsResource = z.object({
  /** Whether a Zoom meeting can be made by the caller now (their own Zoom, or the server's app). */
  zoom: z.boolean(),
  /** The Teams app's id, for "Add to Teams" links (null when the server has none set). */
  teams_app_id: z.string().nullable(),
});

/** A person's own Zoom account (OAuth authorization code; docs/decisions/notifications.md). */
export const ZOOM_ACCOUNT_STATUSES = ['connected', 'not_connected', 'not_configured'] as const;
export const zoomAccountResource = z.object({
  zoom_account: z.object({
    status: z.enum(ZOOM_ACCOUNT_STATUSES),
    connected_at: z.string().nullable(),
    /** Whether the server's own Zoom app makes meetings for those who did not connect theirs. */
    server_wide: z.boolean(),
  }),
});
export type ZoomAccount = z.infer<typeof zoomAccountResource>['zoom_account'];
/** Where to send the browser: Zoom's consent page, with a one-time state. */
export const zoomLoginResource = z.object({ url: z.string().url() });
/** What Zoom's redirect brings back (each optional: a refusal or a forged call may lack any). */
export const zoomCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
});
