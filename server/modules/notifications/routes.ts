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
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
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

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'My notifications, newest first: recent (48 h), weekly (7 days) or all',
        querystring: notificationsQuery,
        response: { 200: envelope(notificationsResource) },
      },
    },
    async (request) => ok(await listNotifications(deps, actorOf(request), request.query)),
  );

  app.get(
    '/notifications/unread-notifications',
    {
      schema: {
        tags,
        summary: 'How many of my notifications are unread',
        response: { 200: envelope(unreadResource) },
      },
    },
    async (request) => ok({ unread_notifications: await countUnread(deps, actorOf(request)) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one of my notifications read',
        params: notificationIdParam,
        response: { 200: envelope(markedResource) },
      },
    },
    async (request) => ok(await markNotificationRead(deps, actorOf(request), request.params.id)),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark some of my notifications read (all must be mine)',
        body: markReadBody,
        response: { 200: envelope(markedResource) },
      },
    },
    async (request) => ok(await markNotificationsRead(deps, actorOf(request), request.body)),
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark all my notifications read',
        response: { 200: envelope(markedResource) },
      },
    },
    async (request) =>
      ok(await markAllNotificationsRead(deps, actorOf(request)), 'notifications:messages.all_read'),
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

  app.put(
    '/user/fcm-token',
    {
      schema: {
        tags,
        summary:
          "This browser's push subscription (PushSubscription.toJSON()) gets my notifications",
        body: pushSubscriptionBody,
        response: { 200: envelope(pushSubscriptionResource) },
      },
    },
    async (request) =>
      ok(
        await savePushSubscription(
          deps,
          actorOf(request),
          request.body,
          request.headers['user-agent'],
        ),
        'notifications:messages.push_on',
      ),
  );

  app.delete(
    '/user/fcm-token',
    {
      schema: {
        tags,
        summary: 'This browser (its push endpoint) stops getting my notifications',
        querystring: pushEndpointQuery,
        response: { 200: envelope(pushRemovedResource) },
      },
    },
    async (request) =>
      ok(
        await removePushSubscription(deps, actorOf(request), request.query.endpoint),
        'notifications:messages.push_off',
      ),
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
