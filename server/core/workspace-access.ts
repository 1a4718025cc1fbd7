import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/guard';
import { can, permissionsFor, type Permission } from '../auth/permissions';
import type { DbOrTx } from '../db/client';
import { preparedOnce } from '../db/prepared';
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
 * must not change anything, and the route reads it only once access is granted. The access
 * query is built once per `shape` (server/db/prepared.ts), so `sql` takes what varies as
 * `sql.placeholder`s (other than `workspaceId` and `userId`), bound to `values`.
 */
export interface WorkspaceExtra {
  shape: string;
  sql: (workspaceId: SQL) => SQL;
  values?: Record<string, unknown>;
}

export async function loadWorkspaceAccess(
  db: DbOrTx,
  workspaceId: number,
  user: { id: number; role: string },
  extra?: WorkspaceExtra,
): Promise<WorkspaceAccess | null> {
  const [row] = await accessQuery(db, extra).execute({
    ...extra?.values,
    workspaceId,
    userId: user.id,
  });
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

/** The access query of every workspace route, with the route's `extra`. */
const accessQuery = (db: DbOrTx, extra: WorkspaceExtra | undefined) =>
  preparedOnce(db, `workspace_access:${extra?.shape ?? ''}`, (name) =>
    db
      .select({
        workspace: workspaces,
        role: workspaceMembers.role,
        extra: extra ? sql<unknown>`(${extra.sql(qualified(workspaces.id))})` : sql<null>`null`,
      })
      .from(workspaces)
      .leftJoin(
        workspaceMembers,
        and(
          eq(workspaceMembers.workspaceId, workspaces.id),
          eq(workspaceMembers.userId, sql.placeholder('userId')),
        ),
      )
      .where(eq(workspaces.id, sql.placeholder('workspaceId')))
      .limit(1)
      .prepare(name),
  );

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
