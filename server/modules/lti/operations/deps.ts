import type { AppDeps } from '../../../context';

/** What the LTI operations use of the app: a launch signs people in, which needs all of it. */
export type LtiDeps = AppDeps;
