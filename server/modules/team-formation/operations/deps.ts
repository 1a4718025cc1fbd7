import type { AppDeps } from '../../../context';

/** What the team-formation operations use of the app. */
export type TeamFormationDeps = Pick<AppDeps, 'db' | 'config'>;
