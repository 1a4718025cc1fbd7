import type { ObjectiveStatus } from '@contracts/okrs';
import { workspaceOperation } from '../../../core/workspace-access';
import { loadWorkspaceTree, objectiveTreeOf } from '../present';
import type { OkrsDeps } from './deps';

/** The workspace's objectives as their alignment tree (open and closed unless a status is given). */
export const objectiveTree = workspaceOperation(
  'view_workspace',
  async (
    deps: Pick<OkrsDeps, 'db'>,
    access,
    input: { workspaceId: number; status?: ObjectiveStatus },
  ) => {
    const tree = await loadWorkspaceTree(deps.db, access.workspace.id);
    const statuses = new Set<string>(input.status ? [input.status] : ['open', 'closed']);
    return { nodes: objectiveTreeOf(tree, statuses) };
  },
);
