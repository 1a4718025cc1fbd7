import type { AppDeps } from '../../../context';

/** What the drive's operations use of the app. */
export type DriveDeps = Pick<AppDeps, 'db' | 'config'>;
