import type { z } from 'zod';
import type { boardViewBody } from '@contracts/workspaces';
import { workspaceOperation } from '../../../../core/workspace-access';
import { boardViews } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { presentBoardView } from './board-views';

/** Saves a board view of the actor's in a workspace. */
export const createBoardView = workspaceOperation(
  'view_workspace',
  async (
    { db }: WorkspacesDeps,
    access,
    input: z.infer<typeof boardViewBody> & { workspaceId: number },
  ) => {
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
  },
  { change: true },
);
