import type { AppDeps } from '../../../context';

/** What the notification and meeting operations use of the app. */
export type NotificationsDeps = Pick<AppDeps, 'db' | 'realtime' | 'config'>;

/** What operations that sign or seal use besides (mailed links, Zoom tokens). */
export type SigningNotificationsDeps = NotificationsDeps & Pick<AppDeps, 'signingKeys'>;
