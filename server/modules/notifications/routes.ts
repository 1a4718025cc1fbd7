import { envelope } from '@contracts/common';
import {
  channelsResource,
  markedResource,
  markReadBody,
  notificationIdParam,
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
} from '@contracts/notifications';
import { requireAuth } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { countUnread } from './operations/count-unread';
import { listNotifications } from './operations/list-notifications';
import {
  markAllNotificationsRead,
  markNotificationRead,
  markNotificationsRead,
} from './operations/mark-read';
import { removePushSubscription, savePushSubscription } from './operations/push-subscriptions';
import { saveTokenSettings, showTokenSettings } from './operations/token-settings';
import { teamsActivitySettings } from './teams-activity';
import { webPushSettings } from './web-push';

const tags = ['notifications'];

/** Spec 7.12 notifications and 7.9 `user/notifications-with-token`, under /core. */
export default async function notificationRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  route.get(
    '/notifications',
    {
      summary: 'My notifications, newest first: recent (48 h), weekly (7 days) or all',
      querystring: notificationsQuery,
      answer: notificationsResource,
    },
    (actor, request) => listNotifications(deps, actor, request.query),
  );

  route.get(
    '/notifications/unread-notifications',
    { summary: 'How many of my notifications are unread', answer: unreadResource },
    async (actor) => ({ unread_notifications: await countUnread(deps, actor) }),
  );

  route.post(
    '/notifications/:id/read',
    {
      summary: 'Mark one of my notifications read',
      params: notificationIdParam,
      answer: markedResource,
    },
    (actor, request) => markNotificationRead(deps, actor, request.params.id),
  );

  route.post(
    '/notifications/read',
    {
      summary: 'Mark some of my notifications read (all must be mine)',
      body: markReadBody,
      answer: markedResource,
    },
    (actor, request) => markNotificationsRead(deps, actor, request.body),
  );

  route.post(
    '/notifications/read-all',
    {
      summary: 'Mark all my notifications read',
      answer: markedResource,
      message: 'notifications:messages.all_read',
    },
    (actor) => markAllNotificationsRead(deps, actor),
  );

  app.get(
    '/notifications/channels',
    {
      schema: {
        tags,
        summary: 'Which notification channels this server has (the Teams activity feed may be off)',
        response: { 200: envelope(channelsResource) },
      },
    },
    async (request) => {
      requireAuth(request);
      const push = webPushSettings(deps.config);
      return ok({
        email: true,
        teams_activity_feed: teamsActivitySettings(deps.config) !== null,
        web_push: push !== null,
        web_push_public_key: push?.publicKey ?? null,
      });
    },
  );

  // ------------------------------------------------ browser notifications (Web Push)

  route.put(
    '/user/fcm-token',
    {
      summary: "This browser's push subscription (PushSubscription.toJSON()) gets my notifications",
      body: pushSubscriptionBody,
      answer: pushSubscriptionResource,
      message: 'notifications:messages.push_on',
    },
    (actor, request) =>
      savePushSubscription(deps, actor, request.body, request.headers['user-agent']),
  );

  route.delete(
    '/user/fcm-token',
    {
      summary: 'This browser (its push endpoint) stops getting my notifications',
      querystring: pushEndpointQuery,
      answer: pushRemovedResource,
      message: 'notifications:messages.push_off',
    },
    (actor, request) => removePushSubscription(deps, actor, request.query.endpoint),
  );

  // ------------------------------------------------ settings from a mail, without signing in

  app.get(
    '/user/notifications-with-token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The notification settings a mailed settings link opens (no sign-in)',
        querystring: tokenQuery,
        response: { 200: envelope(tokenSettingsResource) },
      },
    },
    async (request) => ok(await showTokenSettings(deps, request.query)),
  );

  app.post(
    '/user/notifications-with-token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Change notification settings through a mailed settings link (no sign-in)',
        body: saveWithTokenBody,
        response: { 200: envelope(tokenSettingsResource) },
      },
    },
    async (request) =>
      ok(await saveTokenSettings(deps, request.body), 'profile:messages.notifications_saved'),
  );
}
