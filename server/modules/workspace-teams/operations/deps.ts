import type { AppDeps } from '../../../context';

/**
 * What the team operations use of the app: the whole of it, since the profile area's
 * `removeFiles` takes it although it reads only `config`.
 */
export type TeamsDeps = AppDeps;
