import type { AppDeps } from '../../../context';

/** What the calendar operations use of the app. */
export type CalendarDeps = Pick<AppDeps, 'db' | 'config' | 'signingKeys'>;
