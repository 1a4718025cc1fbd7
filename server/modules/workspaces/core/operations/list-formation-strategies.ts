import { FORMATION_STRATEGIES } from '@contracts/team-formation';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import type { WorkspacesDeps } from '../../deps';

/** The team-formation strategies, and the one this workspace uses. */
export async function listFormationStrategies(
  deps: WorkspacesDeps,
  actor: Actor,
  workspaceId: number,
) {
  const access = await workspaceAccessFor(deps.db, actor, workspaceId, 'view_workspace');
  const current = access.workspace.teamFormationStrategy;
  return {
    strategies: [...FORMATION_STRATEGIES],
    team_formation: FORMATION_STRATEGIES.find((s) => s === current) ?? null,
  };
}
