import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

/** 360 assessments in a workspace (spec 2.6): the list with answering, and the report. */
export const routes: FeatureRoutes = {
  namespaces: ['assessments', 'share'],
  workspace: [
    pageRoute(() => import('./pages/AssessmentsPage'), {
      id: 'workspaces-workspace-assessments',
      path: 'assessments',
      handle: { title: 'app:titles.assessments', area: 'assessments' },
    }),
    pageRoute(() => import('./pages/AssessmentReportPage'), {
      id: 'workspaces-workspace-assessments-id-report',
      path: 'assessments/:id/report',
      handle: { title: 'app:titles.assessment_report', area: 'assessments' },
    }),
  ],
};
