import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { registerPinTarget } from '../../core/pin-targets';
import { registerWorkCounter } from '../../core/work-counters';
import { tasks } from '../../db/schema';

/** Top-level tasks by status; subtasks are part of their task and not counted apart. */
registerWorkCounter('tasks', async (db, workspaceId) => {
  const rows = await db
    .select({ status: tasks.status, n: count() })
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), isNull(tasks.parentId)))
    .groupBy(tasks.status);
  const counts = { open: 0, closed: 0, archived: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
});

/** Tasks and subtasks of the workspace may be pinned. */
registerPinTarget('task', async (db, workspaceId, ids) => {
  const rows = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), inArray(tasks.id, ids)));
  return new Set(rows.map((r) => r.id));
});
