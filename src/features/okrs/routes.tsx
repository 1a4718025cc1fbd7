import { pageRoute } from '@/app/page-route';
import type { FeatureRoutes } from '@/app/route-types';

/** Objectives and key results of a workspace, and its org chart (spec 7.2 OKRs, org chart). */
export const routes: FeatureRoutes = {
  namespaces: ['okrs', 'share'],
  workspace: [
    pageRoute(() => import('./pages/ObjectivesPage'), {
      id: 'workspaces-workspace-objectives',
      path: 'objectives',
      handle: { title: 'okrs:titles.objectives', area: 'okrs' },
    }),
    pageRoute(() => import('./pages/ObjectivePage'), {
      id: 'workspaces-workspace-objectives-id',
      path: 'objectives/:id',
      handle: { title: 'okrs:titles.objective', area: 'okrs' },
    }),
    pageRoute(() => import('./pages/OrgChartPage'), {
      id: 'workspaces-workspace-org-chart',
      path: 'org-chart',
      handle: { title: 'okrs:titles.org_chart', area: 'okrs' },
    }),
  ],
};
