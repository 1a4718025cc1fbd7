import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { envelope } from '@contracts/common';
import { coreMenu, workspacesMenu } from '@contracts/workspaces';
import { requireAuth } from '../../../auth/guard';
import { workspaceMembers, workspaces } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import type { App } from '../../../http/types';
import { statusSql } from '../core/list';
import { sectionsOf } from '../present';
import { menuCounts } from '../../../core/menu-counters';

const tags = ['menus'];

export default async function menuRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/workspaces/menu',
    {
      schema: {
        tags,
        summary: "The workspace menu: the caller's open and previous workspaces",
        response: { 200: envelope(workspacesMenu) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const status = statusSql();
      // Deactivated members cannot open the workspace, so it is not in their menu.
      const rows = await db
        .select({ workspace: workspaces, role: workspaceMembers.role, status })
        .from(workspaces)
        .innerJoin(
          workspaceMembers,
          and(
            eq(workspaceMembers.workspaceId, workspaces.id),
            eq(workspaceMembers.userId, user.id),
          ),
        )
        .where(and(ne(status, 'archived'), ne(workspaceMembers.role, 'deactive')))
        .orderBy(
          sql`${status} = 'closed'`,
          asc(sql`lower(${workspaces.name})`),
          asc(workspaces.id),
        );
      const items = rows.map(({ workspace, role, status: listStatus }) => ({
        id: workspace.id,
        name: workspace.name,
        workspace_type: workspace.workspaceType,
        status: listStatus,
        role,
        schema: { color: workspace.schema.color ?? null },
        member_access: workspace.memberAccess,
        sections: sectionsOf(workspace),
      }));
      const last = user.lastActiveWorkspaceId;
      const active = items.find((i) => i.id === last)?.id ?? items[0]?.id ?? null;
      return ok({
        workspaces: items,
        last_active_workspace_id: items.some((i) => i.id === last) ? last : null,
        active_workspace_id: active,
      });
    },
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
      return ok(await menuCounts(db, user.id));
    },
  );
}
