import type { z } from 'zod';
import type { commonWorkspacesQuery } from '@contracts/workspaces';
import type { Actor } from '../../../../core/actor';
import type { WorkspacesDeps } from '../../deps';
import { commonWorkspaces } from '../list';

/** Workspaces the actor shares with another person. */
export async function listCommonWorkspaces(
  deps: WorkspacesDeps,
  actor: Actor,
  input: z.infer<typeof commonWorkspacesQuery>,
) {
  const rows = await commonWorkspaces(deps.db, actor.userId, input.user_id);
  return {
    workspaces: rows.map(({ workspace }) => ({
      id: workspace.id,
      name: workspace.name,
      workspace_type: workspace.workspaceType,
      schema: { color: workspace.schema.color ?? null },
    })),
  };
}
