export { notificationKeys } from './keys';
export { NotificationBell } from './NotificationBell';
export { notificationText } from './words';
export { turnOffBrowserPush } from './browser-push';
