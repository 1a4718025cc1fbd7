import type { AppDeps } from '../../../context';

/** What the assessment operations use of the app. */
export type AssessmentsDeps = Pick<AppDeps, 'db' | 'realtime'>;

/** File operations read and write the storage the configuration names as well. */
export type AssessmentFilesDeps = Pick<AppDeps, 'db' | 'config'>;
