import { buildCohort } from './cohort';
import { buildFirstSplit } from './construct';
import type { Partition } from './partition';
import { planTeams, type InfeasibleRule, type Plan } from './plan';
import { buildSearchProblem } from './problem';
import { createRandom } from './random';
import {
  parseTeamFormationInput,
  type PersonId,
  type Strategy,
  type TeamFormationRequest,
  type Weights,
} from './schema';
import { evaluateSplit, type SplitEvaluation, type Violations } from './score';
import { LocalSearch } from './search';

export interface TeamFormationResult extends SplitEvaluation {
  teams: PersonId[][];
  strategy: Strategy;
  weights: Weights;
  /** Present when some rule cannot be met; the teams are then the closest split found. */
  infeasible?: InfeasibleRule[];
}

/**
 * Move evaluations the search may spend. A count, not a clock, so a seed always gives the same
 * teams; at about 50 ns each that is 0.4 s of one core for 1,000 people, 2 s for 5,000.
 */
function evaluationBudget(units: number): number {
  return 500_000 + 7_000 * units;
}

/** Person indices of each team, members in input order, teams ordered by their first member. */
function teamsOf(partition: Partition, plan: Plan): number[][] {
  const teams = Array.from({ length: plan.teamCount }, (): number[] => []);
  plan.units.forEach((members, u) => teams[partition.teamOf[u]].push(...members));
  for (const team of teams) team.sort((a, b) => a - b);
  return teams.sort((a, b) => a[0] - b[0]);
}

/**
 * Rules the search can fail to meet without planTeams having proved them impossible: sizes and
 * keep_together are built into every split, and broken only when planTeams already said so.
 */
const SEARCHED_RULES = ['keep_apart', 'isolation'] as const;

/** Violations no structural check explained: the search found no split meeting them. */
function unexplainedViolations(violations: Violations, known: InfeasibleRule[]): InfeasibleRule[] {
  return SEARCHED_RULES.flatMap((rule) => {
    const count = violations[rule];
    if (count === 0 || known.some((entry) => entry.rule === rule)) return [];
    return [
      { rule, message: `no split was found that meets every ${rule} rule (${count} not met)` },
    ];
  });
}

/**
 * Splits the people into teams: hard rules first (sizes, keep_together, keep_apart,
 * no_isolated), then the weighted objective. Throws TeamFormationInputError on bad input.
 */
export function formTeams(request: TeamFormationRequest): TeamFormationResult {
  const input = parseTeamFormationInput(request);
  const cohort = buildCohort(input);
  const plan = planTeams(cohort);
  const optimise = input.strategy !== 'random';
  const problem = buildSearchProblem(cohort, plan, optimise);
  const random = createRandom(input.seed);
  const partition = buildFirstSplit(problem, plan, random, optimise);
  new LocalSearch(partition, random, evaluationBudget(problem.unitCount)).run(optimise);

  const indices = teamsOf(partition, plan);
  const evaluation = evaluateSplit(cohort, indices);
  const infeasible = [
    ...plan.infeasible,
    ...unexplainedViolations(evaluation.metrics.violations, plan.infeasible),
  ];
  return {
    teams: indices.map((team) => team.map((i) => cohort.ids[i])),
    ...evaluation,
    strategy: input.strategy,
    weights: input.weights,
    ...(infeasible.length > 0 ? { infeasible } : {}),
  };
}
