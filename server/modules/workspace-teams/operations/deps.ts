import type { AppDeps } from '../../../context';

/** What the team operations use of the app. */
export type TeamsDeps = Pick<AppDeps, 'db' | 'realtime' | 'config'>;
