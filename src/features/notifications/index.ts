export { notificationKeys } from './api';
export { NotificationBell } from './NotificationBell';
export { notificationText } from './words';
export { turnOffBrowserPush } from './browser-push';
