import type { Actor } from '../../../core/actor';
import { validationFailed } from '../../../http/errors';
import { scoreTeams, TeamFormationInputError } from '../../../teamformation';
import { nameMissingSkills, presentEvaluation, privacyOfRun, requestOf } from '../present';
import type { TeamFormationDeps } from './deps';
import { requireRun, viewerOf } from './runs';

/** Every metric of the run's people split another way (e.g. two swapped). */
export async function scoreSplit(
  deps: TeamFormationDeps,
  actor: Actor,
  input: { token: string; teams: number[][]; lang: 'en' | 'vi' },
) {
  const run = await requireRun(deps, actor, input.token);
  try {
    const evaluation = scoreTeams(requestOf(run), input.teams);
    const privacy = await privacyOfRun(deps.db, viewerOf(actor), run);
    const shown = presentEvaluation(privacy, requestOf(run), input.teams, evaluation);
    return {
      ...shown,
      team_metrics: await nameMissingSkills(deps.db, shown.team_metrics, input.lang),
    };
  } catch (error) {
    if (error instanceof TeamFormationInputError) {
      throw validationFailed({ teams: 'team-formation:messages.not_a_split' });
    }
    throw error;
  }
}
