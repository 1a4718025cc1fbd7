import { asc, eq } from 'drizzle-orm';
import type { OrgChartNode } from '@contracts/okrs';
import type { Actor } from '../../core/actor';
import type { DbOrTx } from '../../db/client';
import { orgPositions, type OrgPositionRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { manageOkrsIn } from './load';

/** The positions of a workspace as a tree (spec 3 "Org chart node": children, org_position). */
export function orgTree(
  positions: OrgPositionRow[],
  objectiveCounts: Map<number, number>,
): OrgChartNode[] {
  const ids = new Set(positions.map((p) => p.id));
  const node = (p: OrgPositionRow, path: Set<number>): OrgChartNode => ({
    id: p.id,
    org_position: { id: p.id, name: p.name },
    objective_count: objectiveCounts.get(p.id) ?? 0,
    children: positions
      .filter((c) => c.parentId === p.id && !path.has(c.id))
      .map((c) => node(c, new Set([...path, c.id]))),
  });
  return positions
    .filter((p) => p.parentId === null || !ids.has(p.parentId))
    .map((p) => node(p, new Set([p.id])));
}

export async function loadPositions(db: DbOrTx, workspaceId: number) {
  return db
    .select()
    .from(orgPositions)
    .where(eq(orgPositions.workspaceId, workspaceId))
    .orderBy(asc(orgPositions.name), asc(orgPositions.id));
}

/** Whether `id` lies under `ancestor` (or is it). */
export function isUnder(positions: OrgPositionRow[], id: number, ancestor: number): boolean {
  let current: number | null = id;
  const seen = new Set<number>();
  while (current !== null && !seen.has(current)) {
    if (current === ancestor) return true;
    seen.add(current);
    current = positions.find((p) => p.id === current)?.parentId ?? null;
  }
  return false;
}

/** A position, and the actor's right to change the chart (owners and admins). */
export async function positionFor(db: DbOrTx, actor: Actor, id: number) {
  const [position] = await db.select().from(orgPositions).where(eq(orgPositions.id, id));
  if (!position) throw notFound('okrs:messages.position_not_found');
  const access = await manageOkrsIn(
    db,
    actor,
    position.workspaceId,
    'okrs:messages.position_not_found',
  );
  return { position, access };
}
