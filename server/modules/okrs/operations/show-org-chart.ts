import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { objectives } from '../../../db/schema';
import { loadPositions, orgTree } from '../org-chart';
import type { OkrsDeps } from './deps';

/** The workspace's org chart: positions as a tree, with how many objectives each holds. */
export async function showOrgChart(
  deps: Pick<OkrsDeps, 'db'>,
  actor: Actor,
  input: { workspaceId: number },
) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, input.workspaceId, 'view_workspace');
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
}
