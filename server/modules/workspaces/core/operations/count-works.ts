import type { Actor } from '../../../../core/actor';
import { numberOfWorks } from '../../../../core/work-counters';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import type { WorkspacesDeps } from '../../deps';

/** How many works of each kind the workspace holds. */
export async function countWorks(deps: WorkspacesDeps, actor: Actor, workspaceId: number) {
  const access = await workspaceAccessFor(deps.db, actor, workspaceId, 'view_workspace');
  return numberOfWorks(deps.db, access.workspace.id);
}
