import type { z } from 'zod';
import type { boardViewBody } from '@contracts/workspaces';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { boardViews } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { presentBoardView } from './board-views';

/** Saves a board view of the actor's in a workspace. */
export async function createBoardView(
  deps: WorkspacesDeps,
  actor: Actor,
  input: z.infer<typeof boardViewBody> & { workspaceId: number },
) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, input.workspaceId, 'view_workspace', {
    change: true,
  });
  const [row] = await db
    .insert(boardViews)
    .values({
      workspaceId: access.workspace.id,
      userId: access.userId,
      name: input.name,
      config: input.config,
    })
    .returning();
  return presentBoardView(row);
}
