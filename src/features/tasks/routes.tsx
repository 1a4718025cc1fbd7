import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

const info = () => import('./pages/TaskInfoPage');
const report = () => import('./pages/TaskReportPage');

/** Tasks and subtasks in a workspace (spec 2.6). */
export const routes: FeatureRoutes = {
  namespaces: ['tasks', 'share'],
  workspace: [
    pageRoute(() => import('./pages/TasksPage'), {
      id: 'workspaces-workspace-tasks',
      path: 'tasks',
      handle: { title: 'app:titles.tasks', area: 'tasks' },
    }),
    pageRoute(() => import('./pages/MyWorkPage'), {
      id: 'workspaces-workspace-my-work',
      path: 'my-work',
      handle: { title: 'app:titles.my_work', area: 'tasks' },
    }),
    pageRoute(() => import('./pages/TasksAssessmentsPage'), {
      id: 'workspaces-workspace-tasks-assessments',
      path: 'tasks-assessments',
      handle: { title: 'app:titles.tasks_assessments', area: 'tasks' },
    }),
    pageRoute(info, {
      id: 'workspaces-workspace-tasks-id-info',
      path: 'tasks/:id/info',
      handle: { title: 'app:titles.task_info', area: 'tasks' },
    }),
    pageRoute(report, {
      id: 'workspaces-workspace-tasks-id-report',
      path: 'tasks/:id/report',
      handle: { title: 'app:titles.task_report', area: 'tasks' },
    }),
    pageRoute(info, {
      id: 'workspaces-workspace-tasks-id-subtasks-subtask-info',
      path: 'tasks/:id/subtasks/:subtask?/info',
      handle: { title: 'app:titles.subtask_info', area: 'tasks' },
    }),
    pageRoute(report, {
      id: 'workspaces-workspace-tasks-id-subtasks-subtask-report',
      path: 'tasks/:id/subtasks/:subtask?/report',
      handle: { title: 'app:titles.subtask_report', area: 'tasks' },
    }),
  ],
};
