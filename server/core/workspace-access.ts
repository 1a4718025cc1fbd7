import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { rowIdText } from '@contracts/common';
import { requireAuth } from '../auth/guard';
import { can, permissionsFor, type Permission } from '../auth/permissions';
import type { AccessRow } from '../context';
import type { DbOrTx } from '../db/client';
import { rowAsJson } from '../db/json-row';
import { preparedOnce } from '../db/prepared';
import { qualified } from '../db/qualified';
import { workspaceMembers, workspaces, type WorkspaceRole, type WorkspaceRow } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { actorFor, operationOn, type Actor } from './actor';
import { workspaceChangeCount } from './workspace-changes';

export interface WorkspaceAccess {
  workspace: WorkspaceRow;
  role: WorkspaceRole | null;
  permissions: Permission[];
  isSupervisor: boolean;
  userId: number;
  /** How many changes the workspace had when the access was read (server/core/workspace-changes.ts). */
  changes: number;
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
  return row ? accessOf(row, user, extra && { extra: row.extra }) : null;
}

function accessOf(
  row: AccessRow,
  user: { id: number; role: string },
  extra?: { extra: unknown },
): WorkspaceAccess | null {
  if (!row.workspace) return null;
  return {
    workspace: row.workspace,
    role: row.role,
    changes: row.changes,
    permissions: permissionsFor(row.role, row.workspace.memberAccess),
    isSupervisor: user.role === 'supervisor',
    userId: user.id,
    ...extra,
  };
}

/**
 * An access row for the workspace `workspaceId` and the person `userId` (placeholders), joined
 * to any select: what the session lookup reads for a route that names a workspace.
 */
export function withAccessRow<Q extends PgSelect>(
  query: Q,
  workspaceId: Placeholder,
  userId: Placeholder,
): Q {
  // The select names its columns (`accessColumns`), so the joins leave its row type as it is.
  return query
    .leftJoin(workspaces, eq(workspaces.id, workspaceId))
    .leftJoin(workspaceMembers, memberOf(userId)) as unknown as Q;
}
export const accessColumns = {
  workspace: rowAsJson(workspaces, { orNull: true }),
  role: workspaceMembers.role,
  changes: workspaceChangeCount(qualified(workspaces.id)),
};

const memberOf = (userId: SQL | Placeholder) =>
  and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId));

/**
 * The workspace a request names: the `:id` of a route under `/workspaces/:id`, when it is a
 * valid id. The session lookup reads the caller's access to it in its own query (one round
 * trip fewer for every workspace route); the route's first check of that workspace takes it.
 */
export function workspaceNamedBy(request: FastifyRequest): number | undefined {
  if (!/\/workspaces\/:id(\/|$)/.test(request.routeOptions.url ?? '')) return undefined;
  const id = rowIdText.safeParse((request.params as { id?: unknown }).id);
  return id.success ? id.data : undefined;
}

/** The access the session lookup read for `workspaceId`, once: a second check reads anew. */
function accessReadWithSession(
  request: FastifyRequest,
  workspaceId: number,
): WorkspaceAccess | null | undefined {
  const auth = requireAuth(request);
  const read = auth.workspace;
  if (!read || read.workspaceId !== workspaceId) return undefined;
  auth.workspace = undefined;
  return accessOf(read, auth.user);
}

/** The access query of every workspace route, with the route's `extra`. */
const accessQuery = (db: DbOrTx, extra: WorkspaceExtra | undefined) =>
  preparedOnce(db, `workspace_access:${extra?.shape ?? ''}`, (name) =>
    db
      .select({
        ...accessColumns,
        extra: extra ? sql<unknown>`(${extra.sql(qualified(workspaces.id))})` : sql<null>`null`,
      })
      .from(workspaces)
      .leftJoin(workspaceMembers, memberOf(sql.placeholder('userId')))
      .where(eq(workspaces.id, sql.placeholder('workspaceId')))
      .limit(1)
      .prepare(name),
  );

export interface AccessOptions {
  /** A change: an archived workspace stays read-only until it is restored (409). */
  change?: boolean;
  extra?: WorkspaceExtra;
}

/**
 * The one access check of every workspace operation, whatever the channel. People outside the
 * workspace get 404, so ids of workspaces they do not belong to reveal nothing; members without
 * the permission get 403; a change to an archived workspace gets 409.
 */
export async function workspaceAccessFor(
  db: DbOrTx,
  actor: Actor,
  workspaceId: number,
  required: Permission | readonly Permission[],
  options: AccessOptions = {},
): Promise<WorkspaceAccess> {
  const user = { id: actor.userId, role: actor.role };
  const read = options.extra ? undefined : actor.takeReadAccess?.(workspaceId);
  const access =
    read === undefined ? await loadWorkspaceAccess(db, workspaceId, user, options.extra) : read;
  if (!access || (!access.role && !access.isSupervisor)) {
    throw notFound('workspaces:messages.not_found');
  }
  if (!can(access, required)) throw forbidden();
  if (options.change && access.workspace.status === 'archived') {
    throw conflict('workspaces:messages.archived_read_only');
  }
  return access;
}

/**
 * An operation on one workspace that needs `required` there; its input is the workspace's id or
 * names it (`workspaceId`). The gate runs before the body, which gets the caller's access first
 * (and the actor last, for the few that need more of it), so who may call an operation is stated
 * where it is declared.
 */
export function workspaceOperation<
  Deps extends { db: DbOrTx },
  Input extends number | { workspaceId: number },
  Result,
>(
  required: Permission | readonly Permission[],
  run: (deps: Deps, access: WorkspaceAccess, input: Input, actor: Actor) => Promise<Result>,
  options?: AccessOptions,
) {
  return operationOn(
    (db, actor, input: Input) =>
      workspaceAccessFor(
        db,
        actor,
        typeof input === 'number' ? input : input.workspaceId,
        required,
        options,
      ),
    run,
  );
}

/**
 * The caller of an HTTP route as an actor; 401 when signed out. It carries the access to the
 * route's workspace that the session lookup read, so the first check costs no query.
 */
export function actorOf(request: FastifyRequest): Actor {
  const { user, sessionId } = requireAuth(request);
  return {
    ...actorFor(user, 'http', sessionId),
    takeReadAccess: (workspaceId) => accessReadWithSession(request, workspaceId),
  };
}

/** `workspaceAccessFor` for an HTTP route's caller. */
export function requireWorkspacePermission(
  request: FastifyRequest,
  db: DbOrTx,
  workspaceId: number,
  required: Permission | readonly Permission[],
  extra?: WorkspaceExtra,
): Promise<WorkspaceAccess> {
  return workspaceAccessFor(db, actorOf(request), workspaceId, required, { extra });
}

/** The same for a route that changes the workspace or what is in it. */
export function requireWorkspaceChange(
  request: FastifyRequest,
  db: DbOrTx,
  workspaceId: number,
  required: Permission | readonly Permission[],
): Promise<WorkspaceAccess> {
  return workspaceAccessFor(db, actorOf(request), workspaceId, required, { change: true });
}
