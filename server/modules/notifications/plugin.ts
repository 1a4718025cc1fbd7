import type { App } from '../../http/types';
import { registerDelivery } from './deliver';
import { registerDigest } from './digest';
import { meetingRoutes, zoomRoutes } from './meeting-routes';
import notificationRoutes from './routes';

/** Notifications, their settings and meetings (spec 7.12, 7.9, 7.16), under /core. */
export async function notificationsCore(app: App) {
  registerDelivery(app.deps, app.log);
  const scheduleDigest = registerDigest(app.deps, app.log);
  app.addHook('onReady', scheduleDigest);
  await app.register(notificationRoutes);
  await app.register(meetingRoutes);
}

/** The video-meeting call under /messaging. */
export async function notificationsMessaging(app: App) {
  await app.register(zoomRoutes);
}
