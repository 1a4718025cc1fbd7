import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { LiveEventPayload } from '@contracts/realtime';
import type { Actor } from '../../../core/actor';
import { notifications } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { countUnread } from './count-unread';
import type { NotificationsDeps } from './deps';

/** Tells the actor's screens their notifications changed, when any did. */
function announceRead(deps: NotificationsDeps, actor: Actor, updated: number) {
  if (updated === 0) return;
  const payload: LiveEventPayload<'notifications-changed'> = { id: null, kind: null };
  deps.realtime.toUser(actor.userId, 'notifications-changed', payload);
}

async function marked(deps: NotificationsDeps, actor: Actor, updated: readonly unknown[]) {
  announceRead(deps, actor, updated.length);
  return { updated: updated.length, unread_notifications: await countUnread(deps, actor) };
}

/** Marks one of the actor's notifications read. */
export async function markNotificationRead(deps: NotificationsDeps, actor: Actor, id: number) {
  const { db } = deps;
  const [row] = await db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.userId)));
  if (!row) throw notFound('notifications:messages.not_found');
  const updated = row.readAt
    ? []
    : await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.id, row.id), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
  return marked(deps, actor, updated);
}

/** Marks some of the actor's notifications read; all of them must be the actor's. */
export async function markNotificationsRead(
  deps: NotificationsDeps,
  actor: Actor,
  input: { ids: readonly number[] },
) {
  const ids = [...new Set(input.ids)];
  const updated = await deps.db.transaction(async (tx) => {
    const mine = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(inArray(notifications.id, ids), eq(notifications.userId, actor.userId)));
    if (mine.length !== ids.length) throw notFound('notifications:messages.not_found');
    return tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(inArray(notifications.id, ids), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
  });
  return marked(deps, actor, updated);
}

/** Marks all the actor's notifications read. */
export async function markAllNotificationsRead(deps: NotificationsDeps, actor: Actor) {
  const updated = await deps.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, actor.userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  announceRead(deps, actor, updated.length);
  return { updated: updated.length, unread_notifications: 0 };
}
