import type { AppDeps } from '../../../context';

/** What the OKR operations use of the app. */
export type OkrsDeps = Pick<AppDeps, 'db' | 'realtime'>;
