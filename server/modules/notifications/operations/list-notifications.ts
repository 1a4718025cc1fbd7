import { and, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { NotificationItem, notificationsQuery } from '@contracts/notifications';
import type { Actor } from '../../../core/actor';
import { displayName } from '../../../core/people';
import { pageOf } from '../../../db/list';
import { notifications, users } from '../../../db/schema';
import { countUnread } from './count-unread';
import type { NotificationsDeps } from './deps';

const RANGE_HOURS = { recent: 48, weekly: 7 * 24 } as const;

/** The actor's notifications, newest first: recent (48 h), weekly (7 days) or all. */
export async function listNotifications(
  deps: NotificationsDeps,
  actor: Actor,
  query: z.output<typeof notificationsQuery>,
) {
  const { db } = deps;
  const where: SQL[] = [eq(notifications.userId, actor.userId)];
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
  const data: NotificationItem[] = page.rows.map(({ row, actorFirst, actorLast, actorEmail }) => {
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
  });
  return {
    notifications: { data, meta: page.meta },
    unread_notifications: await countUnread(deps, actor),
  };
}
