import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  keyResultOwners,
  keyResults,
  objectiveOwners,
  objectives,
  orgPositions,
  type KeyResultRow,
  type ObjectiveRow,
} from '../../db/schema';
import { conflict, forbidden, notFound, validationFailed } from '../../http/errors';
import type { Actor } from '../../core/actor';
import { membersInRoles, tagsExist } from '../../core/workspace-ids';
import { workspaceAccessFor, type WorkspaceAccess } from '../../core/workspace-access';
import {
  keyResultAbilities,
  managesOkrs,
  objectiveAbilities,
  OWNER_ROLES,
  type OkrViewer,
} from './policy';

/**
 * The actor's access to the workspace of a row they named: an outsider gets the row's own 404
 * (the message `notFoundKey`), the same as for a row that does not exist.
 */
export async function accessIn(
  db: DbOrTx,
  actor: Actor,
  workspaceId: number,
  change: boolean,
  notFoundKey: string,
): Promise<WorkspaceAccess> {
  return workspaceAccessFor(db, actor, workspaceId, 'view_workspace', { change }).catch(
    (error: unknown) => {
      if ((error as { statusCode?: number }).statusCode === 404) {
        throw notFound(notFoundKey);
      }
      throw error;
    },
  );
}

/**
 * The actor's access to a workspace for a change to its OKRs or org chart (managers only); with
 * `notFoundKey`, the workspace is that of a row the actor named (see `accessIn`).
 */
export async function manageOkrsIn(
  db: DbOrTx,
  actor: Actor,
  workspaceId: number,
  notFoundKey?: string,
): Promise<WorkspaceAccess> {
  const access = notFoundKey
    ? await accessIn(db, actor, workspaceId, true, notFoundKey)
    : await workspaceAccessFor(db, actor, workspaceId, 'view_workspace', { change: true });
  if (!managesOkrs(viewerOf(access))) throw forbidden();
  return access;
}

export const viewerOf = (access: WorkspaceAccess): OkrViewer => ({
  userId: access.userId,
  role: access.role,
  isSupervisor: access.isSupervisor,
});

export interface ObjectiveContext {
  access: WorkspaceAccess;
  objective: ObjectiveRow;
  ownerIds: number[];
}

/**
 * An objective and the caller's access to its workspace. Someone outside the workspace gets
 * the same 404 as for an objective that does not exist; a change to an archived workspace 409.
 */
export async function loadObjective(
  db: DbOrTx,
  actor: Actor,
  id: number,
  change = false,
): Promise<ObjectiveContext> {
  const [objective] = await db.select().from(objectives).where(eq(objectives.id, id));
  if (!objective) throw notFound('okrs:messages.objective_not_found');
  const access = await accessIn(
    db,
    actor,
    objective.workspaceId,
    change,
    'okrs:messages.objective_not_found',
  );
  const owners = await db
    .select({ userId: objectiveOwners.userId })
    .from(objectiveOwners)
    .where(eq(objectiveOwners.objectiveId, id));
  return { access, objective, ownerIds: owners.map((o) => o.userId) };
}

export function objectiveAbilitiesOf(ctx: ObjectiveContext) {
  return objectiveAbilities(
    { status: ctx.objective.status, ownerIds: ctx.ownerIds },
    viewerOf(ctx.access),
  );
}

/** Loads an objective for a change and refuses unless the caller's abilities allow it. */
export async function objectiveFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  ability: keyof ReturnType<typeof objectiveAbilities>,
): Promise<ObjectiveContext> {
  const ctx = await loadObjective(db, actor, id, true);
  if (!objectiveAbilitiesOf(ctx)[ability]) refuseOn(ctx, ability, roleAllows(ctx, ability, []));
  return ctx;
}

/** Whether the caller's role allows the action at all, whatever the objective's state. */
function roleAllows(ctx: ObjectiveContext, ability: string, keyResultOwnerIds: number[]) {
  const viewer = viewerOf(ctx.access);
  if (managesOkrs(viewer)) return true;
  return (
    ability === 'check_in' &&
    viewer.role === 'member' &&
    (ctx.ownerIds.includes(viewer.userId) || keyResultOwnerIds.includes(viewer.userId))
  );
}

/**
 * Refusal of an action the caller's role allows in general but the objective's state does
 * not (409, saying why), or that the role never allows (403).
 */
function refuseOn(ctx: ObjectiveContext, ability: string, allowed: boolean): never {
  if (!allowed) throw forbidden();
  const { status } = ctx.objective;
  if (ability === 'restore') throw conflict('okrs:messages.not_archived');
  if (status === 'archived') throw conflict('okrs:messages.archived');
  if (ability === 'open') throw conflict('okrs:messages.already_open');
  if (ability === 'close' && status === 'closed') throw conflict('okrs:messages.already_closed');
  throw conflict('okrs:messages.closed');
}

export interface KeyResultContext extends ObjectiveContext {
  keyResult: KeyResultRow;
  keyResultOwnerIds: number[];
}

export async function loadKeyResult(
  db: DbOrTx,
  actor: Actor,
  id: number,
  change = false,
): Promise<KeyResultContext> {
  const [keyResult] = await db.select().from(keyResults).where(eq(keyResults.id, id));
  if (!keyResult) throw notFound('okrs:messages.key_result_not_found');
  const ctx = await loadObjective(db, actor, keyResult.objectiveId, change).catch(
    (error: unknown) => {
      if ((error as { statusCode?: number }).statusCode === 404) {
        throw notFound('okrs:messages.key_result_not_found');
      }
      throw error;
    },
  );
  const owners = await db
    .select({ userId: keyResultOwners.userId })
    .from(keyResultOwners)
    .where(eq(keyResultOwners.keyResultId, id));
  return { ...ctx, keyResult, keyResultOwnerIds: owners.map((o) => o.userId) };
}

export function keyResultAbilitiesOf(ctx: KeyResultContext) {
  return keyResultAbilities(
    { ownerIds: ctx.keyResultOwnerIds },
    { status: ctx.objective.status, ownerIds: ctx.ownerIds },
    viewerOf(ctx.access),
  );
}

export async function keyResultFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  ability: keyof ReturnType<typeof keyResultAbilities>,
): Promise<KeyResultContext> {
  const ctx = await loadKeyResult(db, actor, id, true);
  const abilities = keyResultAbilitiesOf(ctx);
  if (!abilities[ability]) refuseOn(ctx, ability, roleAllows(ctx, ability, ctx.keyResultOwnerIds));
  return ctx;
}

/** Owners must be owners, admins or members of the workspace (viewers only read). */
export async function checkOwners(
  db: DbOrTx,
  workspaceId: number,
  ids: readonly number[] | undefined,
  field: string,
): Promise<number[]> {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return unique;
  const members = await membersInRoles(db, workspaceId, unique, OWNER_ROLES);
  if (members.size !== unique.length)
    throw validationFailed({ [field]: 'okrs:messages.owner_unknown' });
  return unique;
}

export async function checkPosition(
  db: DbOrTx,
  workspaceId: number,
  id: number | null | undefined,
  field = 'org_position_id',
) {
  if (id === null || id === undefined) return;
  const [row] = await db
    .select({ id: orgPositions.id })
    .from(orgPositions)
    .where(and(eq(orgPositions.id, id), eq(orgPositions.workspaceId, workspaceId)));
  if (!row) throw validationFailed({ [field]: 'okrs:messages.position_unknown' });
}

export async function checkTags(
  db: DbOrTx,
  workspaceId: number,
  ids: readonly number[] | undefined,
) {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return unique;
  if (!(await tagsExist(db, workspaceId, 'objective', unique)))
    throw validationFailed({ tag_ids: 'okrs:messages.tag_unknown' });
  return unique;
}
