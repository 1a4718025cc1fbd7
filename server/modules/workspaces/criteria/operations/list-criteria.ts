import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { criteria, type CriterionRow } from '../../../../db/schema';
import { optionsOf, presentCriterion, type CriteriaDeps } from './criteria';

/** The criteria of a workspace (of one type if given), alphabetically, with their options. */
export async function listCriteria(
  deps: CriteriaDeps,
  actor: Actor,
  input: { workspaceId: number; type?: CriterionRow['type'] },
) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, input.workspaceId, 'view_workspace');
  const rows = await db
    .select()
    .from(criteria)
    .where(
      and(
        eq(criteria.workspaceId, access.workspace.id),
        input.type ? eq(criteria.type, input.type) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${criteria.name})`), asc(criteria.id));
  const options = await optionsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentCriterion(r, options));
}
