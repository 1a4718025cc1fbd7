import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { keyResults, objectives, orgPositions } from '../../../db/schema';
import { positionFor } from '../org-chart';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';

/** Deletes a position: its children move up to its parent; its objectives stay, unplaced. */
export async function deleteOrgPosition(deps: OkrsDeps, actor: Actor, id: number) {
  const { position } = await positionFor(deps.db, actor, id);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(orgPositions)
      .set({ parentId: position.parentId })
      .where(eq(orgPositions.parentId, position.id));
    await tx
      .update(objectives)
      .set({ orgPositionId: null })
      .where(eq(objectives.orgPositionId, position.id));
    await tx
      .update(keyResults)
      .set({ orgPositionId: null })
      .where(eq(keyResults.orgPositionId, position.id));
    await tx.delete(orgPositions).where(eq(orgPositions.id, position.id));
  });
  okrsChanged(deps, position.workspaceId);
}
