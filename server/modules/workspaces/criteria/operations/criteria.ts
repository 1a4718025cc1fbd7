import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Permission } from '../../../../auth/permissions';
import type { AppDeps } from '../../../../context';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import type { DbOrTx } from '../../../../db/client';
import { isUniqueViolation } from '../../../../db/errors';
import {
  criteria,
  criteriaOptions,
  nameBanks,
  type CriterionOptionRow,
  type CriterionRow,
  type NameBankRow,
} from '../../../../db/schema';
import { conflict, notFound } from '../../../../http/errors';

/** What the criteria and name bank operations use of the app. */
export type CriteriaDeps = Pick<AppDeps, 'db'>;

export function presentCriterion(row: CriterionRow, options: CriterionOptionRow[]) {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    type: row.type,
    name: row.name,
    description: row.description,
    color: row.color,
    options: options
      .filter((o) => o.criterionId === row.id)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((o) => ({ id: o.id, name: o.name, color: o.color, position: o.position })),
    created_at: row.createdAt.toISOString(),
  };
}

export async function optionsOf(db: DbOrTx, criterionIds: number[]) {
  if (criterionIds.length === 0) return [];
  return db
    .select()
    .from(criteriaOptions)
    .where(inArray(criteriaOptions.criterionId, criterionIds));
}

/** A criterion with its options as they are now. */
export const presentWithOptions = async (db: DbOrTx, row: CriterionRow) =>
  presentCriterion(row, await optionsOf(db, [row.id]));

/**
 * A criterion the actor may use with `permission` (`change`: not in an archived workspace).
 * Criteria of workspaces the actor is not in are "not found", exactly like ids that do not
 * exist.
 */
export async function loadCriterion(
  db: DbOrTx,
  actor: Actor,
  id: number,
  permission: Permission,
  change = false,
) {
  const [row] = await db.select().from(criteria).where(eq(criteria.id, id));
  if (!row) throw notFound('workspaces:messages.criterion_not_found');
  await workspaceAccessFor(db, actor, row.workspaceId, permission, { change });
  return row;
}

/** A write that may meet a name already taken in the workspace (409). */
export function nameTakenIsConflict<T>(write: Promise<T>): Promise<T> {
  return write.catch((error) => {
    throw isUniqueViolation(error) ? conflict('workspaces:messages.name_taken') : error;
  });
}

const presentName = (row: NameBankRow) => ({
  id: row.id,
  type: row.type,
  name: row.name,
  created_at: row.createdAt.toISOString(),
});

/** The names of one bank of a workspace, alphabetically. */
export async function bankNamesOf(db: DbOrTx, workspaceId: number, type: NameBankRow['type']) {
  const rows = await db
    .select()
    .from(nameBanks)
    .where(and(eq(nameBanks.workspaceId, workspaceId), eq(nameBanks.type, type)))
    .orderBy(asc(sql`lower(${nameBanks.name})`));
  return rows.map(presentName);
}
