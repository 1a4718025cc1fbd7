import { and, count, eq, isNull } from 'drizzle-orm';
import type { NumberOfWorks } from '@contracts/workspaces';
import type { DbOrTx } from '../../../db/client';
import { tasks } from '../../../db/schema';

type WorkKind = keyof NumberOfWorks;
type WorkCounter = (
  db: DbOrTx,
  workspaceId: number,
) => Promise<{ open: number; closed: number; archived: number }>;

/**
 * Counts of a workspace's work by status (spec 3, 7.1 number-of-works). Each kind of work has
 * a counter; tasks are counted below, and the objectives and assessments modules register
 * theirs when they have tables. Until then those count as zero in every status.
 */
const counters = new Map<WorkKind, WorkCounter>();

export function registerWorkCounter(kind: WorkKind, counter: WorkCounter) {
  counters.set(kind, counter);
}

export async function numberOfWorks(db: DbOrTx, workspaceId: number): Promise<NumberOfWorks> {
  const count = async (kind: WorkKind) =>
    (await counters.get(kind)?.(db, workspaceId)) ?? { open: 0, closed: 0, archived: 0 };
  return {
    tasks: await count('tasks'),
    objectives: await count('objectives'),
    assessments: await count('assessments'),
  };
}

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
