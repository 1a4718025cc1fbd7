import { startFormationBody } from '@contracts/team-formation';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { scoreTeams, TeamFormationInputError, type SplitEvaluation } from '../../teamformation';
import { buildFormationRequest } from './cohort';
import { noDataOf, type NoData } from './present';

/**
 * The engine input for teams as they stand: these people with the workspace's profiles, and no
 * size rule (teams formed by hand may be any size).
 */
export function standingTeamsRequest(db: DbOrTx, workspaceId: number, userIds: number[]) {
  return buildFormationRequest(
    db,
    startFormationBody.parse({
      workspace_id: workspaceId,
      user_ids: userIds,
      team_size: { min: 1, max: 50 },
      seed: 1,
    }),
  );
}

/**
 * The formation measures of teams as they stand (issue 34: the workspace dashboard's team
 * balance): the same engine input a run would build from these people's profiles, scored as
 * the given split, with which measures nobody gave data for. Null when the split cannot be
 * measured (nobody, or someone no longer teamable).
 */
export async function measureTeams(
  db: DbOrTx,
  workspaceId: number,
  split: readonly (readonly number[])[],
): Promise<(SplitEvaluation & { noData: NoData }) | null> {
  const teams = split.filter((team) => team.length > 0);
  const userIds = teams.flat();
  if (userIds.length === 0) return null;
  try {
    const request = await standingTeamsRequest(db, workspaceId, userIds);
    // A measure nobody gave data for reads as no measure, never a perfect score (issue 28).
    return { ...scoreTeams(request, teams), noData: noDataOf(request) };
  } catch (error) {
    if (error instanceof TeamFormationInputError || error instanceof AppError) return null;
    throw error;
  }
}
