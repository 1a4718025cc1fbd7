import { endpoint } from '../endpoint';
import type { teamFormationStrategyBody } from '../workspace-settings';
import type { workspace } from '../workspaces';

export const workspaceSettingsEndpoints = {
  setTeamFormationStrategy: endpoint('PUT', 'core/workspaces/:id/team-formation-strategy').of<{
    body: typeof teamFormationStrategyBody;
    response: typeof workspace;
  }>(),
};
