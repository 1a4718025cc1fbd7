import { buildCohort } from '../../server/teamformation/cohort';
import { Partition } from '../../server/teamformation/partition';
import { planTeams } from '../../server/teamformation/plan';
import { buildSearchProblem } from '../../server/teamformation/problem';
import { createRandom, shuffle } from '../../server/teamformation/random';
import {
  parseTeamFormationInput,
  type PersonId,
  type TeamFormationRequest,
} from '../../server/teamformation/schema';

/** Full passes at most; a pass over 5,000 people tries 12.5 million swaps. */
const MAX_PASSES = 8;

/**
 * The reference: the plain exchange heuristic of anticlustering tools (anticlust's "exchange"
 * method) over the same objective J. A seeded random split with the plan's sizes (keep_together
 * groups move whole), then pass after pass over everyone in input order: each takes the best
 * swap with anyone in another team that lowers J, until a pass changes nothing. It knows
 * nothing of keep_apart or no_isolated, so it may break them.
 */
export function referenceExchange(request: TeamFormationRequest): {
  teams: PersonId[][];
  passes: number;
} {
  const input = parseTeamFormationInput(request);
  const cohort = buildCohort(input);
  const plan = planTeams(cohort);
  const problem = buildSearchProblem(cohort, plan, true);
  // Blind to the rules the search would otherwise count.
  const blind = {
    ...problem,
    ruleCount: 0,
    unitGroupMask: new Uint32Array(problem.unitCount),
    apartStart: new Int32Array(problem.unitCount + 1),
  };
  const partition = new Partition(blind);
  const random = createRandom(input.seed);
  const singles: number[] = [];
  for (let u = 0; u < blind.unitCount; u++) {
    if (plan.packedTeam[u] >= 0) partition.add(u, plan.packedTeam[u]);
    else singles.push(u);
  }
  const order = shuffle(Int32Array.from(singles), random);
  let next = 0;
  for (let t = 0; t < blind.teamCount; t++) {
    while (partition.people[t] < plan.targetSizes[t]) partition.add(order[next++], t);
  }

  let passes = 0;
  for (let improved = true; improved && passes < MAX_PASSES; passes++) {
    improved = false;
    for (let u = 0; u < blind.unitCount; u++) {
      let bestObjective = -1e-12;
      let bestPartner = -1;
      for (let b = 0; b < blind.teamCount; b++) {
        if (b === partition.teamOf[u]) continue;
        const partner = partition.bestSwap(u, b, 0, 0, bestObjective);
        if (partner >= 0) {
          bestObjective = partition.deltaObjective;
          bestPartner = partner;
        }
      }
      if (bestPartner >= 0) {
        partition.swap(u, bestPartner);
        improved = true;
      }
    }
  }

  const teams = Array.from({ length: blind.teamCount }, (): PersonId[] => []);
  plan.units.forEach((members, u) => {
    for (const i of members) teams[partition.teamOf[u]].push(cohort.ids[i]);
  });
  return { teams, passes };
}
