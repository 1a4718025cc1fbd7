import { and, count, eq, inArray } from 'drizzle-orm';
import { registerPinTarget } from '../../core/pin-targets';
import { registerWorkCounter } from '../../core/work-counters';
import { objectives } from '../../db/schema';

/** Objectives by status (spec 3: workspace counts; the menu and number-of-works). */
registerWorkCounter('objectives', async (db, workspaceId) => {
  const rows = await db
    .select({ status: objectives.status, n: count() })
    .from(objectives)
    .where(eq(objectives.workspaceId, workspaceId))
    .groupBy(objectives.status);
  const counts = { open: 0, closed: 0, archived: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
});

/** Objectives of the workspace may be pinned (spec 3 "Pin": reference_type objective). */
registerPinTarget('objective', async (db, workspaceId, ids) => {
  const rows = await db
    .select({ id: objectives.id })
    .from(objectives)
    .where(and(eq(objectives.workspaceId, workspaceId), inArray(objectives.id, ids)));
  return new Set(rows.map((r) => r.id));
});
