import type { AppDeps } from '../../../context';

/** What the messaging operations use of the app. */
export type MessagingDeps = Pick<AppDeps, 'db' | 'database' | 'realtime' | 'config'>;
