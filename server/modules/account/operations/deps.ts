import type { AppDeps } from '../../../context';
import type { Area } from '../../../core/area';

/** What the account operations use of the app. */
export type AccountDeps = Pick<AppDeps, 'db' | 'config' | 'realtime'>;

/** Deleting an account reaches every area (their `accountDeletion`). */
export type AccountDeletionDeps = AccountDeps & { areas: readonly Area[] };
