import { and, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { objectiveListQuery } from '@contracts/okrs';
import { workspaceOperation } from '../../../core/workspace-access';
import { pageOf, sortedBy } from '../../../db/list';
import { objectives, objectiveTags, type ObjectiveRow } from '../../../db/schema';
import { viewerOf } from '../load';
import { loadWorkspaceTree, presentObjectives } from '../present';
import type { OkrsDeps } from './deps';

/** A page of a workspace's objectives of one status, with the count of each status. */
export const listObjectives = workspaceOperation(
  'view_workspace',
  async (
    { db }: Pick<OkrsDeps, 'db'>,
    access,
    input: { workspaceId: number } & z.output<typeof objectiveListQuery>,
  ) => {
    const { status, sort, direction, tag_id: tagId, org_position_id: positionId } = input;
    const filters: SQL[] = [eq(objectives.workspaceId, access.workspace.id)];
    if (tagId !== undefined) {
      filters.push(
        inArray(
          objectives.id,
          db
            .select({ id: objectiveTags.objectiveId })
            .from(objectiveTags)
            .where(eq(objectiveTags.tagId, tagId)),
        ),
      );
    }
    if (positionId !== undefined) filters.push(eq(objectives.orgPositionId, positionId));
    const sortColumn = {
      name: sql`lower(${objectives.name})`,
      created_at: objectives.createdAt,
      started_at: objectives.startedAt,
      ended_at: objectives.endedAt,
    }[sort];
    const [page, countRows, tree] = await Promise.all([
      pageOf<ObjectiveRow>(
        db,
        (total) =>
          db
            .select({ ...getTableColumns(objectives), list_total: total })
            .from(objectives)
            .where(and(...filters, eq(objectives.status, status)))
            .$dynamic(),
        sortedBy(sortColumn, direction, objectives.id),
        input,
      ),
      db
        .select({ status: objectives.status, n: count() })
        .from(objectives)
        .where(and(...filters))
        .groupBy(objectives.status),
      loadWorkspaceTree(db, access.workspace.id),
    ]);
    const counts = { open: 0, closed: 0, archived: 0 };
    for (const row of countRows) counts[row.status] = Number(row.n);
    const presented = await presentObjectives(db, page.rows, viewerOf(access), tree);
    return { objectives: presented, counts, meta: page.meta };
  },
);
