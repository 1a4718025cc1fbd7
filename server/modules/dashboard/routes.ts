import { envelope } from '@contracts/common';
import {
  categoriesQuery,
  categoriesResource,
  personalDashboard,
  workspaceDashboard,
  workspaceDashboardParams,
  workspaceDashboardQuery,
} from '@contracts/dashboard';
import { requireAuth } from '../../auth/guard';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { namedDisposition } from '../../http/content-disposition';
import { exportWorkspaceDashboard } from './operations/export-workspace-dashboard';
import { listCategories } from './operations/list-categories';
import { showMyDashboard } from './operations/show-my-dashboard';
import { showWorkspaceDashboard } from './operations/show-workspace-dashboard';

/** Dashboards (spec 2.1, 2.6, 7.16) and the categories lookup (7.14): HTTP over operations. */
export default async function dashboardRoutes(app: App) {
  const { deps } = app;
  const tags = ['dashboard'];
  const route = operationRoutes(app, tags);

  route.get(
    '/dashboard',
    {
      summary: "The caller's dashboard: due work, work per workspace, OKRs, 360s, inbox",
      answer: personalDashboard,
    },
    (actor) => showMyDashboard(deps, actor),
  );

  route.get(
    '/workspaces/:id/dashboard',
    {
      summary: "A workspace's figures for its owners and admins, with anonymity thresholds",
      params: workspaceDashboardParams,
      querystring: workspaceDashboardQuery,
      answer: workspaceDashboard,
    },
    (actor, request) =>
      showWorkspaceDashboard(deps, actor, {
        workspaceId: request.params.id,
        period: request.query.period,
        teamId: request.query.team_id,
      }),
  );

  app.get(
    '/workspaces/:id/dashboard/csv',
    {
      schema: {
        tags,
        summary: "The workspace dashboard's figures as CSV (hidden figures stay empty)",
        params: workspaceDashboardParams,
        querystring: workspaceDashboardQuery,
      },
    },
    async (request, reply) => {
      const file = await exportWorkspaceDashboard(deps, actorOf(request), {
        workspaceId: request.params.id,
        period: request.query.period,
        teamId: request.query.team_id,
        lang: request.lang,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', namedDisposition(file.name))
        .send(file.bytes);
    },
  );

  app.get(
    '/categories',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Categories of one type (skill: the catalogue’s; workspace: the kinds)',
        querystring: categoriesQuery,
        response: { 200: envelope(categoriesResource) },
      },
    },
    async (request) => {
      requireAuth(request);
      const { type } = request.query;
      return ok({ type, categories: await listCategories(deps.db, { type, lang: request.lang }) });
    },
  );
}
