import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@contracts/notifications';
import type { Actor } from '../../../core/actor';
import { pushSubscriptions } from '../../../db/schema';
import { refusal } from '../../../http/errors';
import { isAllowedPushService, webPushSettings } from '../web-push';
import type { NotificationsDeps } from './deps';

/** Browsers one person keeps at most; a new one beyond this replaces their oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

/**
 * `PUT user/fcm-token`: this browser's push subscription becomes the caller's. The endpoint
 * names the browser, so subscribing again updates it, and a browser that signs in to another
 * account moves to that account (one browser is one person's at a time).
 */
export async function savePushSubscription(
  deps: NotificationsDeps,
  actor: Actor,
  body: PushSubscriptionBody,
  userAgent: string | undefined,
) {
  if (!webPushSettings(deps.config)) {
    throw refusal(409, 'push_not_configured', 'notifications:messages.push_not_configured');
  }
  const subscription = 'subscription' in body ? body.subscription : body;
  if (!isAllowedPushService(deps.config, subscription.endpoint)) {
    throw refusal(422, 'push_service_unknown', 'notifications:messages.push_service_unknown');
  }
  const values = {
    userId: actor.userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh.replace(/=+$/, ''),
    auth: subscription.keys.auth.replace(/=+$/, ''),
    userAgent: userAgent?.slice(0, 300) ?? null,
  };
  const saved = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth },
      })
      .returning();
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, actor.userId))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    if (kept.length > MAX_PUSH_SUBSCRIPTIONS) {
      const newest = kept.slice(-MAX_PUSH_SUBSCRIPTIONS).map((r) => r.id);
      await tx
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.userId, actor.userId), notInArray(pushSubscriptions.id, newest)),
        );
    }
    return row!;
  });
  return {
    push_subscription: { endpoint: saved.endpoint, created_at: saved.createdAt.toISOString() },
  };
}

/** `DELETE user/fcm-token?endpoint=`: this browser stops getting the caller's notifications. */
export async function removePushSubscription(
  deps: NotificationsDeps,
  actor: Actor,
  endpoint: string,
) {
  const removed = await deps.db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.userId, actor.userId), eq(pushSubscriptions.endpoint, endpoint)),
    )
    .returning({ id: pushSubscriptions.id });
  return { removed: removed.length };
}
