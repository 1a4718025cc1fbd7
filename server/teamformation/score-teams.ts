import { buildCohort } from './cohort';
import {
  parseTeamFormationInput,
  TeamFormationInputError,
  type PersonId,
  type TeamFormationRequest,
} from './schema';
import { evaluateSplit, type SplitEvaluation } from './score';

/**
 * Every metric of a given split of the request's people, e.g. after an owner swapped two people
 * by hand. Each person must appear in exactly one non-empty team.
 */
export function scoreTeams(
  request: TeamFormationRequest,
  teams: readonly (readonly PersonId[])[],
): SplitEvaluation {
  const cohort = buildCohort(parseTeamFormationInput(request));
  const issues: string[] = [];
  const seen = new Set<number>();
  const indices = teams.map((team, t) => {
    if (team.length === 0) issues.push(`teams[${t}]: is empty`);
    return team.flatMap((id) => {
      const i = cohort.indexById.get(String(id));
      if (i === undefined) issues.push(`teams[${t}]: unknown person id ${JSON.stringify(id)}`);
      else if (seen.has(i)) issues.push(`teams[${t}]: ${JSON.stringify(id)} is already in a team`);
      else {
        seen.add(i);
        return [i];
      }
      return [];
    });
  });
  const missing = cohort.ids.filter((_, i) => !seen.has(i));
  if (missing.length > 0)
    issues.push(
      `teams-host: ${missing.length} people are in no team (${missing
        .slice(0, 5)
        .map((id) => JSON.stringify(id))
        .join(', ')}${missing.length > 5 ? ', ...' : ''})`,
    );
  if (issues.length > 0) throw new TeamFormationInputError(issues);
  return evaluateSplit(cohort, indices);
}
