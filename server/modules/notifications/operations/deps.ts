import type { AppDeps } from '../../../context';

/** What the notification and meeting operations use of the app. */
export type NotificationsDeps = Pick<AppDeps, 'db' | 'realtime' | 'config'>;
