import type { AppDeps } from '../../../context';

/** What the recruit operations use of the app. */
export type RecruitDeps = Pick<AppDeps, 'db' | 'config'>;
