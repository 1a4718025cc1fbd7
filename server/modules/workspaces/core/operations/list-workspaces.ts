import type { z } from 'zod';
import type { workspaceListQuery } from '@contracts/workspaces';
import type { Actor } from '../../../../core/actor';
import type { WorkspacesDeps } from '../../deps';
import { presentWorkspaceRow } from '../../present';
import { listWorkspacesOf } from '../list';

/** A page of the actor's workspaces in one list (spec 4), as of `today`. */
export async function listWorkspaces(
  deps: WorkspacesDeps,
  actor: Actor,
  input: { query: z.infer<typeof workspaceListQuery>; today: string },
) {
  const viewer = { id: actor.userId, isSupervisor: actor.role === 'supervisor' };
  const { rows, meta } = await listWorkspacesOf(deps.db, actor.userId, input.query);
  return { workspaces: rows.map((row) => presentWorkspaceRow(row, viewer, input.today)), meta };
}
