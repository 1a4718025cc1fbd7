import { and, count, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { envelope } from '@contracts/common';
import {
  channelsResource,
  markedResource,
  markReadBody,
  notificationIdParam,
  notificationsQuery,
  notificationsResource,
  saveWithTokenBody,
  tokenQuery,
  tokenSettingsResource,
  unreadResource,
  type NotificationItem,
} from '@contracts/notifications';
import { NOTIFICATION_SETTING_KEYS } from '@contracts/profile';
import type { LiveEventPayload } from '@contracts/realtime';
import { requireAuth } from '../../auth/guard';
import { verifyLinkToken } from '../../auth/signed-link';
import type { DbOrTx } from '../../db/client';
import { pageOf } from '../../db/list';
import { notifications, users } from '../../db/schema';
import { ok } from '../../http/envelope';
import { notFound, refusal } from '../../http/errors';
import type { App } from '../../http/types';
import { displayName } from '../../core/people';
import { SETTINGS_LINK_PURPOSE } from '../../core/notify';
import { notificationSettingsOf } from '../profile';
import { teamsActivitySettings } from './teams-activity';

const tags = ['notifications'];
const RANGE_HOURS = { recent: 48, weekly: 7 * 24 } as const;

async function unreadCount(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row.n;
}

/** Spec 7.12 notifications and 7.9 `user/notifications-with-token`, under /core. */
export default async function notificationRoutes(app: App) {
  const { db } = app.deps;

  const announceRead = (userId: number) => {
    const payload: LiveEventPayload<'notifications-changed'> = { id: null, kind: null };
    app.deps.realtime.toUser(userId, 'notifications-changed', payload);
  };

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
    async (request) => {
      const { user } = requireAuth(request);
      const query = request.query;
      const where: SQL[] = [eq(notifications.userId, user.id)];
      if (query.range !== 'all') {
        where.push(
          gte(notifications.createdAt, new Date(Date.now() - RANGE_HOURS[query.range] * 3_600_000)),
        );
      }
      if (query.is_read === '1') where.push(sql`${notifications.readAt} is not null`);
      if (query.is_read === '0') where.push(isNull(notifications.readAt));
      const page = await pageOf<{
        row: typeof notifications.$inferSelect;
        actorFirst: string | null;
        actorLast: string | null;
        actorEmail: string | null;
      }>(
        db,
        (total) =>
          db
            .select({
              row: notifications,
              actorFirst: users.firstName,
              actorLast: users.lastName,
              actorEmail: users.email,
              list_total: total,
            })
            .from(notifications)
            .leftJoin(users, eq(users.id, notifications.actorId))
            .where(and(...where))
            .$dynamic(),
        [
          { value: notifications.createdAt, direction: 'desc' },
          { value: notifications.id, direction: 'desc' },
        ],
        query,
      );
      const data: NotificationItem[] = page.rows.map(
        ({ row, actorFirst, actorLast, actorEmail }) => {
          const { link, ...rest } = row.data;
          return {
            id: row.id,
            kind: row.kind,
            workspace_id: row.workspaceId,
            reference_type: row.referenceType,
            reference_id: row.referenceId,
            data: rest,
            link: typeof link === 'string' ? link : null,
            actor:
              row.actorId !== null && actorEmail !== null
                ? {
                    id: row.actorId,
                    name: displayName({
                      firstName: actorFirst ?? '',
                      lastName: actorLast ?? '',
                      email: actorEmail,
                    }),
                  }
                : null,
            is_read: row.readAt !== null,
            created_at: row.createdAt.toISOString(),
          };
        },
      );
      return ok({
        notifications: { data, meta: page.meta },
        unread_notifications: await unreadCount(db, user.id),
      });
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      return ok({ unread_notifications: await unreadCount(db, user.id) });
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const [row] = await db
        .select({ id: notifications.id, readAt: notifications.readAt })
        .from(notifications)
        .where(and(eq(notifications.id, request.params.id), eq(notifications.userId, user.id)));
      if (!row) throw notFound('notifications:messages.not_found');
      const updated = row.readAt
        ? []
        : await db
            .update(notifications)
            .set({ readAt: new Date() })
            .where(and(eq(notifications.id, row.id), isNull(notifications.readAt)))
            .returning({ id: notifications.id });
      if (updated.length > 0) announceRead(user.id);
      return ok({ updated: updated.length, unread_notifications: await unreadCount(db, user.id) });
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const ids = [...new Set(request.body.ids)];
      const updated = await db.transaction(async (tx) => {
        const mine = await tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(inArray(notifications.id, ids), eq(notifications.userId, user.id)));
        if (mine.length !== ids.length) throw notFound('notifications:messages.not_found');
        return tx
          .update(notifications)
          .set({ readAt: new Date() })
          .where(and(inArray(notifications.id, ids), isNull(notifications.readAt)))
          .returning({ id: notifications.id });
      });
      if (updated.length > 0) announceRead(user.id);
      return ok({ updated: updated.length, unread_notifications: await unreadCount(db, user.id) });
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const updated = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      if (updated.length > 0) announceRead(user.id);
      return ok(
        { updated: updated.length, unread_notifications: 0 },
        'notifications:messages.all_read',
      );
    },
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
      return ok({
        email: true,
        teams_activity_feed: teamsActivitySettings(app.deps.config) !== null,
      });
    },
  );

  // ------------------------------------------------ settings from a mail, without signing in

  async function personOfToken(token: string) {
    const userId = verifyLinkToken(app.deps.config.JWT_SECRET, SETTINGS_LINK_PURPOSE, token);
    const [person] =
      userId === null ? [] : await db.select().from(users).where(eq(users.id, userId));
    if (!person || person.deletedAt || person.deactivatedAt) {
      throw refusal(404, 'invalid_token', 'notifications:messages.bad_token');
    }
    return person;
  }

  const maskEmail = (email: string) => email.replace(/^(.).*(@.*)$/, '$1***$2');

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
    async (request) => {
      const person = await personOfToken(request.query.token);
      return ok({
        email: maskEmail(person.email),
        notification_settings: notificationSettingsOf(person),
      });
    },
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
    async (request) => {
      const person = await personOfToken(request.body.token);
      const changes = Object.fromEntries(
        Object.entries(request.body.notification_settings).filter(([key]) =>
          NOTIFICATION_SETTING_KEYS.includes(key),
        ),
      );
      const [updated] = await db
        .update(users)
        .set({
          notificationSettings: { ...notificationSettingsOf(person), ...changes },
          updatedAt: new Date(),
        })
        .where(eq(users.id, person.id))
        .returning();
      return ok(
        {
          email: maskEmail(updated.email),
          notification_settings: notificationSettingsOf(updated),
        },
        'profile:messages.notifications_saved',
      );
    },
  );
}
