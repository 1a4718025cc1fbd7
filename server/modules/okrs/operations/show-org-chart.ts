import { and, count, eq, isNotNull } from 'drizzle-orm';
import { workspaceOperation } from '../../../core/workspace-access';
import { objectives } from '../../../db/schema';
import { loadPositions, orgTree } from '../org-chart';
import type { OkrsDeps } from './deps';

/** The workspace's org chart: positions as a tree, with how many objectives each holds. */
export const showOrgChart = workspaceOperation(
  'view_workspace',
  async ({ db }: Pick<OkrsDeps, 'db'>, access, _input: { workspaceId: number }) => {
    const [positions, counts] = await Promise.all([
      loadPositions(db, access.workspace.id),
      db
        .select({ id: objectives.orgPositionId, n: count() })
        .from(objectives)
        .where(
          and(eq(objectives.workspaceId, access.workspace.id), isNotNull(objectives.orgPositionId)),
        )
        .groupBy(objectives.orgPositionId),
    ]);
    const countMap = new Map(counts.map((c) => [c.id as number, Number(c.n)]));
    return { nodes: orgTree(positions, countMap) };
  },
);
