import type { AppDeps } from '../../../context';

/** What the profile operations use of the app. */
export type ProfileDeps = Pick<AppDeps, 'db' | 'config'>;
