import { and, count, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { notifications } from '../../../db/schema';
import type { NotificationsDeps } from './deps';

/** How many of the actor's notifications are unread. */
export async function countUnread(deps: Pick<NotificationsDeps, 'db'>, actor: Actor) {
  const [row] = await deps.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, actor.userId), isNull(notifications.readAt)));
  return row.n;
}
