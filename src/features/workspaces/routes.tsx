import { Navigate, useParams } from 'react-router';
import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';
import { namedPage } from '@/lib/lazy-page';

const createPages = () => import('./create/CreateWorkspacePage');
const generalizedSteps = () => import('./generalized/GeneralizedStepPage');

/**
 * The workspaces area (spec 2.1, 2.2, 2.5, 2.6). 'workspaces-workspace' is where every area's
 * `workspace` routes are mounted (src/app/routes.tsx); its layout is the workspace area with
 * the workspace menu and the submenu of sections.
 */
export const routes: FeatureRoutes = {
  namespaces: ['workspaces', 'share'],
  app: [
    pageRoute(() => import('./list/WorkspacesPage'), {
      id: 'workspaces',
      path: 'workspaces',
      handle: { title: 'app:titles.workspaces', area: 'workspaces' },
    }),
    pageRoute(namedPage(createPages, 'CreateCourseWorkspacePage'), {
      id: 'workspaces-course',
      path: 'workspaces/course',
      handle: { title: 'app:titles.workspaces_course', area: 'workspaces' },
    }),
    pageRoute(namedPage(createPages, 'CreateGeneralWorkspacePage'), {
      id: 'workspaces-general',
      path: 'workspaces/general',
      handle: { title: 'app:titles.workspaces_general', area: 'workspaces' },
    }),
    {
      // The flow's address without a step starts (or resumes) at its first step.
      id: 'workspaces-generalized-id',
      path: 'workspaces/generalized/:id?',
      handle: { title: 'app:titles.generalized_basic_information', area: 'workspaces' },
      Component: GeneralizedStart,
    },
    pageRoute(namedPage(generalizedSteps, 'BasicInformationPage'), {
      id: 'workspaces-generalized-id-basic-information',
      path: 'workspaces/generalized/:id?/basic-information',
      handle: { title: 'app:titles.generalized_basic_information', area: 'workspaces' },
    }),
    pageRoute(namedPage(generalizedSteps, 'PlanPage'), {
      id: 'workspaces-generalized-id-plan',
      path: 'workspaces/generalized/:id?/plan',
      handle: { title: 'app:titles.generalized_plan', area: 'workspaces' },
    }),
    pageRoute(namedPage(generalizedSteps, 'SchedulePage'), {
      id: 'workspaces-generalized-id-schedule',
      path: 'workspaces/generalized/:id?/schedule',
      handle: { title: 'app:titles.generalized_schedule', area: 'workspaces' },
    }),
    pageRoute(() => import('./area/WorkspaceLayout'), {
      id: 'workspaces-workspace',
      path: 'workspaces/:workspace',
      handle: { title: 'app:titles.workspace', area: 'workspaces' },
    }),
    pageRoute(() => import('./join/JoinPage'), {
      id: 'join',
      path: 'join',
      handle: { title: 'app:titles.join', layout: 'default' },
    }),
  ],
  workspace: [
    pageRoute(() => import('./area/WorkspaceDashboardPage'), {
      id: 'workspaces-workspace-dashboard',
      path: 'dashboard',
      handle: { title: 'app:titles.workspace_dashboard', area: 'workspaces' },
    }),
  ],
};

function GeneralizedStart() {
  const { id } = useParams();
  const base = id ? `/workspaces/generalized/${id}` : '/workspaces/generalized';
  return <Navigate to={`${base}/basic-information`} replace />;
}
