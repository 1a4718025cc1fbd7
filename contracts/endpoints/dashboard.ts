import { endpoint } from '../endpoint';
import type {
  categoriesQuery,
  categoriesResource,
  personalDashboard,
  workspaceDashboard,
  workspaceDashboardQuery,
} from '../dashboard';

/** Dashboards (spec 2.1, 2.6, 7.16) and the categories lookup (7.14), under /api/v2/core. */
export const dashboardEndpoints = {
  mine: endpoint('GET', 'core/dashboard').of<{ response: typeof personalDashboard }>(),
  workspace: endpoint('GET', 'core/workspaces/:id/dashboard').of<{
    query: typeof workspaceDashboardQuery;
    response: typeof workspaceDashboard;
  }>(),
  workspaceCsv: endpoint('GET', 'core/workspaces/:id/dashboard/csv').of<{
    query: typeof workspaceDashboardQuery;
    response: 'file';
  }>(),
  categories: endpoint('GET', 'core/categories').of<{
    query: typeof categoriesQuery;
    response: typeof categoriesResource;
  }>(),
};
