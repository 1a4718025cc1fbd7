import { endpoint } from '../endpoint';
import type {
  addToCalendarResource,
  channelsResource,
  createMeetingBody,
  markedResource,
  meetingOptionsResource,
  meetingResource,
  notificationsQuery,
  notificationsResource,
  pushEndpointQuery,
  pushRemovedResource,
  pushSubscriptionBody,
  pushSubscriptionResource,
  saveWithTokenBody,
  tokenQuery,
  tokenSettingsResource,
  unreadResource,
  zoomAccountResource,
  zoomLoginResource,
} from '../notifications';
import type { notificationsResource as settingsResource, saveNotificationsBody } from '../profile';

/** Spec 7.12: notifications, their settings and meetings. */
export const notificationEndpoints = {
  list: endpoint('GET', 'core/notifications').of<{
    query: typeof notificationsQuery;
    response: typeof notificationsResource;
  }>(),
  unread: endpoint('GET', 'core/notifications/unread-notifications').of<{
    response: typeof unreadResource;
  }>(),
  markRead: endpoint('POST', 'core/notifications/:id/read').of<{
    response: typeof markedResource;
  }>(),
  markAllRead: endpoint('POST', 'core/notifications/read-all').of<{
    response: typeof markedResource;
  }>(),
  channels: endpoint('GET', 'core/notifications/channels').of<{
    response: typeof channelsResource;
  }>(),
  subscribePush: endpoint('PUT', 'core/user/fcm-token').of<{
    body: typeof pushSubscriptionBody;
    response: typeof pushSubscriptionResource;
  }>(),
  unsubscribePush: endpoint('DELETE', 'core/user/fcm-token').of<{
    query: typeof pushEndpointQuery;
    response: typeof pushRemovedResource;
  }>(),
  settings: endpoint('GET', 'core/user/notifications').of<{ response: typeof settingsResource }>(),
  saveSettings: endpoint('POST', 'core/user/notifications').of<{
    body: typeof saveNotificationsBody;
    response: typeof settingsResource;
  }>(),
  withToken: endpoint('GET', 'core/user/notifications-with-token').of<{
    query: typeof tokenQuery;
    response: typeof tokenSettingsResource;
  }>(),
  saveWithToken: endpoint('POST', 'core/user/notifications-with-token').of<{
    body: typeof saveWithTokenBody;
    response: typeof tokenSettingsResource;
  }>(),
  meetingOptions: endpoint('GET', 'core/meetings/options').of<{
    response: typeof meetingOptionsResource;
  }>(),
  /** The caller's own Zoom account: connected, not connected, or not configured here. */
  zoomAccount: endpoint('GET', 'core/integrations/zoom').of<{
    response: typeof zoomAccountResource;
  }>(),
  /** Zoom's consent page to send the browser to (409 when the server has no Zoom user app). */
  zoomLogin: endpoint('GET', 'core/integrations/zoom/login').of<{
    response: typeof zoomLoginResource;
  }>(),
  /** Forgets the caller's Zoom tokens. */
  zoomDisconnect: endpoint('DELETE', 'core/integrations/zoom').of<{
    response: typeof zoomAccountResource;
  }>(),
  createMeeting: endpoint('POST', 'core/meetings').of<{
    body: typeof createMeetingBody;
    response: typeof meetingResource;
  }>(),
  addToCalendar: endpoint('POST', 'core/meetings/:id/add-to-calendar').of<{
    response: typeof addToCalendarResource;
  }>(),
};
