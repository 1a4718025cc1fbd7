import type { AppDeps } from '../../../context';

/** What billing's operations use of the app. */
export type BillingDeps = Pick<AppDeps, 'db' | 'config' | 'signingKeys'>;
