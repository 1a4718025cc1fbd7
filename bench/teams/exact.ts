import { FACTOR_COUNT, SLOT_WORDS, buildCohort, popcount } from '../../server/teamformation/cohort';
import { chooseTeamCount } from '../../server/teamformation/plan';
import {
  parseTeamFormationInput,
  type PersonId,
  type TeamFormationRequest,
} from '../../server/teamformation/schema';

export interface ExactOptimum {
  objective: number;
  teams: PersonId[][];
  /** Partitions into teams of equal size, and how many of them meet every hard rule. */
  partitions: number;
  feasible: number;
}

/**
 * The minimum of J over every split of a small cohort (at most 20 people, equal team sizes) by
 * exhaustive enumeration. Team costs are computed here from the cohort's arrays, independently
 * of the engine's incremental bookkeeping; splits breaking a hard rule are skipped.
 */
export function exactOptimum(request: TeamFormationRequest): ExactOptimum {
  const input = parseTeamFormationInput(request);
  const cohort = buildCohort(input);
  const n = cohort.size;
  const k = chooseTeamCount(n, input.team_size.min, input.team_size.max);
  if (n > 20 || k === null || n % k !== 0) {
    throw new Error('exact enumeration needs at most 20 people in teams of one size');
  }
  const size = n / k;
  const { weights } = input;
  const squares = (values: Float64Array): number => values.reduce((sum, v) => sum + v * v, 0);
  const randomScale = (n - 1) / (k - 1);
  const zWeight = (weights.personality * randomScale) / squares(cohort.z);
  const spreadWeight = (weights.spread * randomScale) / squares(cohort.spread);
  const skills = cohort.requiredSkills.length;

  // J is a sum of team costs: w_p |T| |mean_z|^2 / (TSS (K-1)/(N-1)) + ... per team.
  const teamCost = new Float64Array(1 << n).fill(NaN);
  for (let mask = 0; mask < 1 << n; mask++) {
    if (popcount(mask) !== size) continue;
    const members = Array.from({ length: n }, (_, i) => i).filter((i) => (mask >>> i) & 1);
    const isolated = input.no_isolated.some(
      (_, r) => members.filter((i) => (cohort.groupMasks[i] >>> r) & 1).length === 1,
    );
    const apart = cohort.keepApart.some(([a, b]) => (mask >>> a) & 1 && (mask >>> b) & 1);
    const split = cohort.keepTogether.some(
      (group) => new Set(group.map((i) => (mask >>> i) & 1)).size > 1,
    );
    if (isolated || apart || split) continue;
    let cost = 0;
    for (let f = 0; f < FACTOR_COUNT; f++) {
      let z = 0;
      let spread = 0;
      for (const i of members) {
        z += cohort.z[i * FACTOR_COUNT + f];
        spread += cohort.spread[i * FACTOR_COUNT + f];
      }
      cost += (zWeight * z * z + spreadWeight * spread * spread) / size;
    }
    if (skills > 0) {
      let covered = 0;
      for (let s = 0; s < skills; s++) {
        if (
          members.some(
            (i) => (cohort.skillMasks[i * cohort.skillWords + (s >>> 5)] >>> (s & 31)) & 1,
          )
        ) {
          covered++;
        }
      }
      cost += (weights.skills * (1 - covered / skills)) / k;
    }
    let common = 0;
    for (let w = 0; w < SLOT_WORDS; w++) {
      let word = ~0;
      for (const i of members) word &= cohort.slots[i * SLOT_WORDS + w];
      common += popcount(word);
    }
    cost += (weights.availability * (1 - Math.min(1, common / input.availability_target))) / k;
    teamCost[mask] = cost;
  }

  // Each team takes the lowest person not yet placed, so every split is listed exactly once.
  const teamsByLowest = Array.from({ length: n }, (): number[] => []);
  for (let mask = 0; mask < 1 << n; mask++) {
    if (popcount(mask) === size) teamsByLowest[31 - Math.clz32(mask & -mask)].push(mask);
  }
  let partitions = 0;
  let feasible = 0;
  let best = Infinity;
  let bestTeams: number[] = [];
  const chosen: number[] = [];
  const place = (remaining: number, total: number): void => {
    if (remaining === 0) {
      partitions++;
      if (Number.isNaN(total)) return;
      feasible++;
      if (total < best) {
        best = total;
        bestTeams = [...chosen];
      }
      return;
    }
    for (const team of teamsByLowest[31 - Math.clz32(remaining & -remaining)]) {
      if ((team & remaining) !== team) continue;
      chosen.push(team);
      place(remaining ^ team, total + teamCost[team]);
      chosen.pop();
    }
  };
  place((1 << n) - 1, 0);
  return {
    objective: best,
    teams: bestTeams.map((mask) => cohort.ids.filter((_, i) => (mask >>> i) & 1)),
    partitions,
    feasible,
  };
}
