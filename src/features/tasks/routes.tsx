import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';
import type { PageLoader } from '@/lib/lazy-page';

const info = () => import('./pages/TaskInfoPage');
const report = () => import('./pages/TaskReportPage');

/** Each page: its loader, its path in the workspace and its title under `app:titles`. */
const pages: [PageLoader, string, string][] = [
  [() => import('./pages/TasksPage'), 'tasks', 'tasks'],
  [() => import('./pages/MyWorkPage'), 'my-work', 'my_work'],
  [() => import('./pages/TasksAssessmentsPage'), 'tasks-assessments', 'tasks_assessments'],
  [info, 'tasks/:id/info', 'task_info'],
  [report, 'tasks/:id/report', 'task_report'],
  [info, 'tasks/:id/subtasks/:subtask?/info', 'subtask_info'],
  [report, 'tasks/:id/subtasks/:subtask?/report', 'subtask_report'],
];

/**
 * Tasks and subtasks in a workspace (spec 2.6). A route's id is the spec's route name: the
 * words of its address, e.g. 'workspaces-workspace-tasks-id-info'.
 */
export const routes: FeatureRoutes = {
  namespaces: ['tasks', 'share'],
  workspace: pages.map(([load, path, title]) =>
    pageRoute(load, {
      id: `workspaces-workspace-${path.replace(/[:?]/g, '').replaceAll('/', '-')}`,
      path,
      handle: { title: `app:titles.${title}`, area: 'tasks' },
    }),
  ),
};
