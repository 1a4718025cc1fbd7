import type { NumberOfWorks } from '@contracts/workspaces';
import type { DbOrTx } from '../../../db/client';

type WorkKind = keyof NumberOfWorks;
type WorkCounter = (
  db: DbOrTx,
  workspaceId: number,
) => Promise<{ open: number; closed: number; archived: number }>;

/**
 * Counts of a workspace's work by status (spec 3, 7.1 number-of-works). The module that owns
 * each kind of work registers how to count it; a kind nobody has registered yet (objectives
 * and assessments have no tables so far) counts as zero in every status.
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
