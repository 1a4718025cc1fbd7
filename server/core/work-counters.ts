import type { NumberOfWorks } from '@contracts/workspaces';
import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

type WorkKind = keyof NumberOfWorks;
type WorkCounter = (
  db: DbOrTx,
  workspaceId: number,
) => Promise<{ open: number; closed: number; archived: number }>;

/**
 * Counts of a workspace's work by status (spec 3, 7.1 number-of-works). Each kind of work
 * (tasks, objectives, assessments) registers its counter from its own area; a kind no area
 * counts yet is zero in every status.
 */
const counters = new Map<WorkKind, WorkCounter>();

export function registerWorkCounter(kind: WorkKind, counter: WorkCounter) {
  counters.set(kind, counter);
}

export async function numberOfWorks(db: DbOrTx, workspaceId: number): Promise<NumberOfWorks> {
  const count = async (kind: WorkKind) =>
    (await counters.get(kind)?.(db, workspaceId)) ?? { open: 0, closed: 0, archived: 0 };
  const [tasks, objectives, assessments] = await Promise.all([
    count('tasks'),
    count('objectives'),
    count('assessments'),
  ]);
  return { tasks, objectives, assessments };
}

/** The usual counter: a table's rows in the workspace (`inWorkspace`) grouped by its status. */
export function registerStatusCounter(
  kind: WorkKind,
  table: PgTable,
  status: PgColumn,
  inWorkspace: (workspaceId: number) => SQL | undefined,
) {
  registerWorkCounter(kind, async (db, workspaceId) => {
    const rows = await db
      .select({ status, n: count() })
      .from(table)
      .where(inWorkspace(workspaceId))
      .groupBy(status);
    const counts = { open: 0, closed: 0, archived: 0 };
    for (const row of rows) counts[row.status as keyof typeof counts] = Number(row.n);
    return counts;
  });
}
