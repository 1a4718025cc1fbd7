import type { TFunction } from 'i18next';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { exportTeams } from '../export-teams';
import type { TeamsDeps } from './deps';

/** Teams and their members as a CSV or XLSX file (owners and admins). */
export async function exportTeamList(
  deps: TeamsDeps,
  actor: Actor,
  input: { workspaceId: number; format: 'csv' | 'xlsx'; t: TFunction },
) {
  const access = await workspaceAccessFor(deps.db, actor, input.workspaceId, 'manage_teams');
  return exportTeams(deps.db, access.workspace, input.format, input.t);
}
