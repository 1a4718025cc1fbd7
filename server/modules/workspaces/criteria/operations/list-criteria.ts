import { and, asc, eq, sql } from 'drizzle-orm';
import { workspaceOperation } from '../../../../core/workspace-access';
import { criteria, type CriterionRow } from '../../../../db/schema';
import { optionsOf, presentCriterion, type CriteriaDeps } from './criteria';

/** The criteria of a workspace (of one type if given), alphabetically, with their options. */
export const listCriteria = workspaceOperation(
  'view_workspace',
  async (
    { db }: CriteriaDeps,
    access,
    input: { workspaceId: number; type?: CriterionRow['type'] },
  ) => {
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
  },
);
