import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/guard';
import { can, permissionsFor, type Permission } from '../auth/permissions';
import type { DbOrTx } from '../db/client';
import { qualified } from '../db/qualified';
import { workspaceMembers, workspaces, type WorkspaceRole, type WorkspaceRow } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';

export interface WorkspaceAccess {
  workspace: WorkspaceRow;
  role: WorkspaceRole | null;
  permissions: Permission[];
  isSupervisor: boolean;
  userId: number;
  /** What the caller's `WorkspaceExtra` asked for, read in the same query as the access. */
  extra?: unknown;
}

/**
 * A value a route needs about the workspace, as SQL over its id: read in the query that loads
 * the access instead of a query of its own. It is computed before the access is judged, so it
 * must not change anything, and the route reads it only once access is granted.
 */
export type WorkspaceExtra = (workspaceId: SQL) => SQL;

export async function loadWorkspaceAccess(
  db: DbOrTx,
  workspaceId: number,
  user: { id: number; role: string },
  extra?: WorkspaceExtra,
): Promise<WorkspaceAccess | null> {
  const [row] = await db
    .select({
      workspace: workspaces,
      role: workspaceMembers.role,
      extra: extra ? sql<unknown>`(${extra(qualified(workspaces.id))})` : sql<null>`null`,
    })
    .from(workspaces)
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, user.id)),
    )
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  if (!row) return null;
  return {
    workspace: row.workspace,
    role: row.role,
    permissions: permissionsFor(row.role, row.workspace.memberAccess),
    isSupervisor: user.role === 'supervisor',
    userId: user.id,
    ...(extra && { extra: row.extra }),
  };
}

/**
 * The one gate of every workspace route. People outside the workspace get 404, so ids of
 * workspaces they do not belong to reveal nothing; members without the permission get 403.
 */
export async function requireWorkspacePermission(
  request: FastifyRequest,
  db: DbOrTx,
  workspaceId: number,
  required: Permission | readonly Permission[],
  extra?: WorkspaceExtra,
): Promise<WorkspaceAccess> {
  const { user } = requireAuth(request);
  const access = await loadWorkspaceAccess(db, workspaceId, user, extra);
  if (!access || (!access.role && !access.isSupervisor)) {
    throw notFound('workspaces:messages.not_found');
  }
  if (!can(access, required)) throw forbidden();
  return access;
}

/**
 * The gate of every route that changes a workspace or what is in it: the permission as
 * above, and an archived workspace stays read-only until it is restored (409).
 */
export async function requireWorkspaceChange(
  request: FastifyRequest,
  db: DbOrTx,
  workspaceId: number,
  required: Permission | readonly Permission[],
): Promise<WorkspaceAccess> {
  const access = await requireWorkspacePermission(request, db, workspaceId, required);
  if (access.workspace.status === 'archived') {
    throw conflict('workspaces:messages.archived_read_only');
  }
  request.changedWorkspaceId = workspaceId;
  return access;
}
