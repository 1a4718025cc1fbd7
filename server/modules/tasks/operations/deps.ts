import type { AppDeps } from '../../../context';

/** What the task operations taking an actor use of the app. */
export type TasksDeps = Pick<AppDeps, 'db' | 'realtime'>;
