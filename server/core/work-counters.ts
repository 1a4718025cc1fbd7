import type { NumberOfWorks } from '@contracts/workspaces';
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
