import { notificationEndpoints as endpoints } from '@contracts/endpoints/notifications';
import { api } from '@/lib/http';
import { onSessionEnd } from '@/lib/session';

/**
 * Browser notifications through Web Push: a service worker (public/push-worker.js) shows what
 * the server pushes; this browser's subscription is sent to `PUT core/user/fcm-token`.
 */
const WORKER_URL = '/push-worker.js';

export type BrowserPushState =
  /** No service worker or Push API (an old browser, a private window in some browsers). */
  | 'unsupported'
  /** The person blocked notifications for this site in the browser. */
  | 'blocked'
  | 'off'
  | 'on';

export function browserPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!browserPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function browserPushState(): Promise<BrowserPushState> {
  if (!browserPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** The VAPID key as the Push API takes it (bytes from base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks the browser's permission, subscribes with the server's key and tells the server. */
export async function turnOnBrowserPush(publicKey: string): Promise<BrowserPushState> {
  if (!browserPushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const registration = await navigator.serviceWorker.register(WORKER_URL);
  await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot be reused.
  const key = subscription?.options.applicationServerKey;
  if (subscription && key && !sameKey(new Uint8Array(key), keyBytes(publicKey))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await api.call(endpoints.subscribePush, {
    body: subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } },
  });
  return 'on';
}

const sameKey = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * This browser stops showing the person's notifications: the server forgets it, then the
 * browser drops the subscription. `quiet` on sign-out, where a failure must not stop it.
 */
export async function turnOffBrowserPush(options: { quiet?: boolean } = {}): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  try {
    await api.call(
      endpoints.unsubscribePush,
      { query: { endpoint: subscription.endpoint } },
      options.quiet ? { hideMessages: true } : undefined,
    );
  } catch (error) {
    if (!options.quiet) throw error;
  }
  await subscription.unsubscribe().catch(() => false);
}

/**
 * A session that ends any way (signed out, expired, ended elsewhere) drops this browser's
 * subscription: the next person here must not see the last one's notifications. The server
 * forgets it at the push service's next 410 if sign-out could not tell it first.
 */
onSessionEnd(() => {
  void currentSubscription()
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
});
