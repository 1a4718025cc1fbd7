import type { AppDeps } from '../../../../context';

/** What the sync's operations use of the app. */
export type SyncDeps = Pick<AppDeps, 'db' | 'config' | 'signingKeys'>;
