import type { TFunction } from 'i18next';
import { workspaceOperation } from '../../../core/workspace-access';
import { exportTeams } from '../export-teams';
import type { TeamsDeps } from './deps';

/** Teams and their members as a CSV or XLSX file (owners and admins). */
export const exportTeamList = workspaceOperation(
  'manage_teams',
  async (
    deps: TeamsDeps,
    access,
    input: { workspaceId: number; format: 'csv' | 'xlsx'; t: TFunction },
  ) => {
    return exportTeams(deps.db, access.workspace, input.format, input.t);
  },
);
