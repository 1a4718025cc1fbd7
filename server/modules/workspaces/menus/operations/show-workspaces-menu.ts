import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { users, workspaceMembers, workspaces } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { statusSql } from '../../core/list';
import { sectionsOf } from '../../present';
import { membershipIn } from '../../../../core/workspace-ids';

/** The workspace menu: the actor's open and previous workspaces, and the one to open. */
export async function showWorkspacesMenu(deps: WorkspacesDeps, actor: Actor) {
  const status = statusSql();
  // Deactivated members cannot open the workspace, so it is not in their menu.
  const rows = await deps.db
    .select({
      workspace: workspaces,
      role: workspaceMembers.role,
      status,
      last: users.lastActiveWorkspaceId,
    })
    .from(workspaces)
    .innerJoin(workspaceMembers, membershipIn(workspaces.id, actor.userId))
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(ne(status, 'archived'), ne(workspaceMembers.role, 'deactive')))
    .orderBy(sql`${status} = 'closed'`, asc(sql`lower(${workspaces.name})`), asc(workspaces.id));
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
  // Without a row there is nothing to come back to, so the actor's own row is read with them.
  const last = rows[0]?.last ?? null;
  const active = items.find((i) => i.id === last)?.id ?? items[0]?.id ?? null;
  return {
    workspaces: items,
    last_active_workspace_id: items.some((i) => i.id === last) ? last : null,
    active_workspace_id: active,
  };
}
