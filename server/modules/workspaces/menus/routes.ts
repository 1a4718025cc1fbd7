import { envelope } from '@contracts/common';
import { coreMenu, workspacesMenu } from '@contracts/workspaces';
import { requireAuth } from '../../../auth/guard';
import { menuCounts } from '../../../core/menu-counters';
import { ok } from '../../../http/envelope';
import { operationRoutes } from '../../../http/operation-routes';
import type { App } from '../../../http/types';
import { showWorkspacesMenu } from './operations/show-workspaces-menu';

const tags = ['menus'];

export default async function menuRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  route.get(
    '/workspaces/menu',
    {
      summary: "The workspace menu: the caller's open and previous workspaces",
      answer: workspacesMenu,
    },
    (actor) => showWorkspacesMenu(deps, actor),
  );

  app.get(
    '/menu',
    {
      schema: {
        tags,
        summary: 'Counters of the main menu',
        response: { 200: envelope(coreMenu) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return ok(await menuCounts(deps.db, user.id));
    },
  );
}
