import { Navigate, useParams } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import type { FeatureRoutes } from '@/app/route-types';

/**
 * The workspaces area (spec 2.1, 2.2, 2.5, 2.6). 'workspaces-workspace' is where every area's
 * `workspace` routes are mounted (src/app/routes.tsx); its layout is the workspace area with
 * the workspace menu and the submenu of sections.
 */
export const routes: FeatureRoutes = {
  namespaces: ['workspaces', 'share'],
  app: [
    {
      id: 'workspaces',
      path: 'workspaces',
      handle: { title: 'app:titles.workspaces', area: 'workspaces' },
      lazy: lazyPage(() => import('./list/WorkspacesPage')),
    },
    {
      id: 'workspaces-course',
      path: 'workspaces/course',
      handle: { title: 'app:titles.workspaces_course', area: 'workspaces' },
      lazy: lazyPage(() =>
        import('./create/CreateWorkspacePage').then((m) => ({
          default: m.CreateCourseWorkspacePage,
        })),
      ),
    },
    {
      id: 'workspaces-general',
      path: 'workspaces/general',
      handle: { title: 'app:titles.workspaces_general', area: 'workspaces' },
      lazy: lazyPage(() =>
        import('./create/CreateWorkspacePage').then((m) => ({
          default: m.CreateGeneralWorkspacePage,
        })),
      ),
    },
    {
      // The flow's address without a step starts (or resumes) at its first step.
      id: 'workspaces-generalized-id',
      path: 'workspaces/generalized/:id?',
      handle: { title: 'app:titles.generalized_basic_information', area: 'workspaces' },
      Component: GeneralizedStart,
    },
    {
      id: 'workspaces-generalized-id-basic-information',
      path: 'workspaces/generalized/:id?/basic-information',
      handle: { title: 'app:titles.generalized_basic_information', area: 'workspaces' },
      lazy: lazyPage(() =>
        import('./generalized/GeneralizedStepPage').then((m) => ({
          default: m.BasicInformationPage,
        })),
      ),
    },
    {
      id: 'workspaces-generalized-id-plan',
      path: 'workspaces/generalized/:id?/plan',
      handle: { title: 'app:titles.generalized_plan', area: 'workspaces' },
      lazy: lazyPage(() =>
        import('./generalized/GeneralizedStepPage').then((m) => ({ default: m.PlanPage })),
      ),
    },
    {
      id: 'workspaces-generalized-id-schedule',
      path: 'workspaces/generalized/:id?/schedule',
      handle: { title: 'app:titles.generalized_schedule', area: 'workspaces' },
      lazy: lazyPage(() =>
        import('./generalized/GeneralizedStepPage').then((m) => ({ default: m.SchedulePage })),
      ),
    },
    {
      id: 'workspaces-workspace',
      path: 'workspaces/:workspace',
      handle: { title: 'app:titles.workspace', area: 'workspaces' },
      lazy: lazyPage(() => import('./area/WorkspaceLayout')),
    },
    {
      id: 'join',
      path: 'join',
      handle: { title: 'app:titles.join', layout: 'default' },
      lazy: lazyPage(() => import('./join/JoinPage')),
    },
  ],
  workspace: [
    {
      id: 'workspaces-workspace-dashboard',
      path: 'dashboard',
      handle: { title: 'app:titles.workspace_dashboard', area: 'workspaces' },
      lazy: lazyPage(() => import('./area/WorkspaceDashboardPage')),
    },
  ],
};

function GeneralizedStart() {
  const { id } = useParams();
  const base = id ? `/workspaces/generalized/${id}` : '/workspaces/generalized';
  return <Navigate to={`${base}/basic-information`} replace />;
}
