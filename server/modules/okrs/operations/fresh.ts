import { eq } from 'drizzle-orm';
import type { WorkspaceAccess } from '../../../core/workspace-access';
import type { DbOrTx } from '../../../db/client';
import { keyResults, objectives } from '../../../db/schema';
import { viewerOf } from '../load';
import { presentObjectives } from '../present';

/** An objective as the API shows it to the one who holds `access`, read after a change. */
export async function freshObjective(db: DbOrTx, access: WorkspaceAccess, id: number) {
  const [row] = await db.select().from(objectives).where(eq(objectives.id, id));
  const [objective] = await presentObjectives(db, [row], viewerOf(access));
  return objective;
}

/** A key result as the API shows it, read after a change. */
export async function freshKeyResult(db: DbOrTx, access: WorkspaceAccess, id: number) {
  const [kr] = await db.select().from(keyResults).where(eq(keyResults.id, id));
  const [objectiveRow] = await db
    .select()
    .from(objectives)
    .where(eq(objectives.id, kr.objectiveId));
  const [objective] = await presentObjectives(db, [objectiveRow], viewerOf(access));
  return objective.key_results.find((k) => k.id === id) as (typeof objective.key_results)[number];
}
