import type { ObjectiveStatus } from '@contracts/okrs';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { loadWorkspaceTree, objectiveTreeOf } from '../present';
import type { OkrsDeps } from './deps';

/** The workspace's objectives as their alignment tree (open and closed unless a status is given). */
export async function objectiveTree(
  deps: Pick<OkrsDeps, 'db'>,
  actor: Actor,
  input: { workspaceId: number; status?: ObjectiveStatus },
) {
  const access = await workspaceAccessFor(deps.db, actor, input.workspaceId, 'view_workspace');
  const tree = await loadWorkspaceTree(deps.db, access.workspace.id);
  const statuses = new Set<string>(input.status ? [input.status] : ['open', 'closed']);
  return { nodes: objectiveTreeOf(tree, statuses) };
}
