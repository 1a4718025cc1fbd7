import { FORMATION_STRATEGIES } from '@contracts/team-formation';
import { workspaceOperation } from '../../../../core/workspace-access';
import type { WorkspacesDeps } from '../../deps';

/** The team-formation strategies, and the one this workspace uses. */
export const listFormationStrategies = workspaceOperation(
  'view_workspace',
  async (_deps: WorkspacesDeps, access, _workspaceId: number) => {
    const current = access.workspace.teamFormationStrategy;
    return {
      strategies: [...FORMATION_STRATEGIES],
      team_formation: FORMATION_STRATEGIES.find((s) => s === current) ?? null,
    };
  },
);
