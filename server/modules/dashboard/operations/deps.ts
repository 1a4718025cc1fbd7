import type { AppDeps } from '../../../context';

/** What the dashboards use of the app. */
export type DashboardDeps = Pick<AppDeps, 'db' | 'realtime' | 'config'>;
