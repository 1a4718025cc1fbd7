import { eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { boardViews } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { ownView } from './board-views';

/** Deletes one of the actor's board views. */
export async function deleteBoardView(deps: WorkspacesDeps, actor: Actor, id: number) {
  const row = await ownView(deps.db, actor, id);
  await deps.db.delete(boardViews).where(eq(boardViews.id, row.id));
}
