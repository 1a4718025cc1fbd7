export { notificationKeys } from './api';
export { NotificationBell } from './NotificationBell';
