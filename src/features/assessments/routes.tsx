import { notAvailable } from '@/app/not-available';
import type { FeatureRoutes } from '@/app/route-types';

/** 360 assessments in a workspace (spec 2.6), not built yet. */
export const routes: FeatureRoutes = {
  workspace: notAvailable('assessments', [
    {
      id: 'workspaces-workspace-assessments',
      path: 'assessments',
      handle: { title: 'app:titles.assessments' },
    },
    {
      id: 'workspaces-workspace-assessments-id-report',
      path: 'assessments/:id/report',
      handle: { title: 'app:titles.assessment_report' },
    },
  ]),
};
