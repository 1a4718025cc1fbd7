import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { boardViewBody } from '@contracts/workspaces';
import type { Actor } from '../../../../core/actor';
import { boardViews } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { ownView, presentBoardView } from './board-views';

/** Renames or reconfigures one of the actor's board views. */
export async function updateBoardView(
  deps: WorkspacesDeps,
  actor: Actor,
  input: z.infer<typeof boardViewBody> & { id: number },
) {
  const row = await ownView(deps.db, actor, input.id);
  const [updated] = await deps.db
    .update(boardViews)
    .set({ name: input.name, config: input.config, updatedAt: new Date() })
    .where(eq(boardViews.id, row.id))
    .returning();
  return presentBoardView(updated);
}
