import type { FastifyBaseLogger } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { AppConfig } from '../../config';
import type { AppDeps } from '../../context';
import { pushSubscriptions, users } from '../../db/schema';
import { eachOnce, type RecordedEvent } from '../../jobs';
import { appLink } from '../../core/links';
import type { NotificationCreated } from '../../core/notify';
import { actorNameOf, wordsOf } from './words';

/**
 * Browser notifications through Web Push (RFC 8030), the payload encrypted to the browser's
 * keys (RFC 8291, aes128gcm) and the request signed with the server's VAPID key (RFC 8292),
 * by the `web-push` package. docs/decisions/notifications.md ("Browser notifications").
 */

export interface WebPushSettings {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The VAPID key pair and contact, or null when browser notifications are off. */
export function webPushSettings(config: AppConfig): WebPushSettings | null {
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY || !config.VAPID_SUBJECT) return null;
  return {
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
    subject: config.VAPID_SUBJECT,
  };
}

/**
 * The push services browsers use (Chrome and Edge through FCM, Firefox, Windows, Safari): the
 * server posts only there, so a subscription cannot point it at an address of our network.
 * PUSH_SERVICE_HOSTS replaces the list (a local stand-in in tests).
 */
const KNOWN_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

export function isAllowedPushService(config: AppConfig, endpoint: string): boolean {
  const hosts = config.PUSH_SERVICE_HOSTS ?? KNOWN_PUSH_SERVICES;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return hosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

const TIMEOUT_MS = 10_000;
/** A day: a notification older than that is not worth showing (the inbox still has it). */
const TTL_SECONDS = 24 * 60 * 60;

/** What the service worker (public/push-worker.js) shows. */
export interface PushPayload {
  title: string;
  body: string;
  /** The page of the app a click opens (absolute). */
  url: string;
  /** Replaces an earlier notification of the same record instead of stacking. */
  tag: string;
}

/**
 * Sends one notification to every browser of each person who keeps this kind on in the app
 * (the in-app switch governs the browser too: it is the same notification, shown sooner). A
 * subscription the push service says is gone (404, 410) is deleted; other refusals retry.
 */
export async function sendWebPush(
  deps: AppDeps,
  log: FastifyBaseLogger,
  event: RecordedEvent<'notification.created'>,
) {
  const settings = webPushSettings(deps.config);
  if (!settings) return;
  const payload: NotificationCreated = event.payload;
  const wanted = payload.recipients.filter((r) => r.notification_id !== null).map((r) => r.user_id);
  if (wanted.length === 0) return;
  const targets = await deps.db
    .select({ subscription: pushSubscriptions, user: users })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(inArray(pushSubscriptions.userId, wanted));
  if (targets.length === 0) return;
  const actorName = await actorNameOf(deps.db, payload.actor_id);
  const url = appLink(deps, payload.link ?? '/notification');
  const live = targets.filter(
    ({ subscription, user }) =>
      !user.deletedAt &&
      !user.deactivatedAt &&
      isAllowedPushService(deps.config, subscription.endpoint),
  );
  await eachOnce(
    deps.db,
    live,
    ({ subscription }) => `event:${event.id}:push:${subscription.id}`,
    async ({ subscription, user }) => {
      const message: PushPayload = {
        title: 'Teamloop',
        body: wordsOf(user.language, payload.data, actorName),
        url,
        tag: `${payload.kind}:${payload.link ?? event.id}`,
      };
      try {
        await webpush.sendNotification(
          {
            endpoint: subscription.endpoint,
            keys: { p256dh: subscription.p256dh, auth: subscription.auth },
          },
          JSON.stringify(message),
          { vapidDetails: settings, TTL: TTL_SECONDS, timeout: TIMEOUT_MS },
        );
      } catch (error) {
        if (!(error instanceof WebPushError)) throw error;
        if (error.statusCode === 404 || error.statusCode === 410) {
          // The browser unsubscribed or the subscription expired: forget it.
          await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
          return;
        }
        const retryable =
          error.statusCode >= 500 || error.statusCode === 408 || error.statusCode === 429;
        if (retryable) throw error;
        // A refusal a retry cannot mend (a payload too large, a key the service rejects).
        log.warn({ status: error.statusCode, subscription: subscription.id }, 'web push refused');
      }
    },
  );
}
