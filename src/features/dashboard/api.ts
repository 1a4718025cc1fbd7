import type { WorkspaceDashboardQuery } from '@contracts/dashboard';
import { dashboardEndpoints } from '@contracts/endpoints/dashboard';
import { api } from '@/lib/http';

export type {
  PersonalDashboard,
  WorkspaceDashboard,
  DashboardPeriod,
  TaskWeek,
} from '@contracts/dashboard';

/** Query keys of the dashboards. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  mine: ['dashboard', 'mine'] as const,
  workspace: (id: number, query: WorkspaceDashboardQuery) =>
    ['dashboard', 'workspace', id, query] as const,
};

export const dashboardApi = {
  mine: () => api.call(dashboardEndpoints.mine),
  workspace: (id: number, query: WorkspaceDashboardQuery) =>
    api.call(dashboardEndpoints.workspace, { params: { id }, query }),
  workspaceCsv: (id: number, query: WorkspaceDashboardQuery) =>
    api.download(dashboardEndpoints.workspaceCsv, { params: { id }, query }),
};
