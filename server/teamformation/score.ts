import { FACTORS, FACTOR_COUNT, SLOT_WORDS, popcount, type Cohort, type Factor } from './cohort';

export interface Violations {
  /** Teams whose size is outside team_size. */
  size: number;
  /** keep_together groups spread over more than one team. */
  keep_together: number;
  /** keep_apart pairs placed in the same team. */
  keep_apart: number;
  /** (team, no_isolated rule) cases with exactly one member of the group. */
  isolation: number;
  total: number;
}

export interface Metrics {
  team_count: number;
  /** Between-team share of personality variance; about 1 for a random split, 0 when balanced. */
  rho: number;
  /** rho of the squared deviations: teams alike in spread, not only in mean. */
  rho2: number;
  /** Largest |team mean| of any factor, in cohort standard deviations. */
  dmax: number;
  skills_mean: number;
  skills_min: number;
  /** Best skills_mean any split could reach: a skill held by n people fits in min(K, n) teams. */
  skills_upper_bound: number;
  availability_mean: number;
  availability_min: number;
  /** J = w_p rho + w_s rho2 + w_k (1 - skills_mean) + w_a (1 - availability_mean). */
  objective: number;
  violations: Violations;
}

export interface TeamMetrics {
  size: number;
  mean_z: Record<Factor, number>;
  skills_coverage: number;
  missing_skills: string[];
  common_slots: number;
  availability: number;
}

export interface SplitEvaluation {
  metrics: Metrics;
  team_metrics: TeamMetrics[];
}

/** rho's denominator: the between-team sum of squares a random split is expected to have. */
export function randomSplitScale(totalSquares: number, people: number, teams: number): number {
  return teams > 1 ? (totalSquares * (teams - 1)) / (people - 1) : 0;
}

function betweenTeamRatio(
  values: Float64Array,
  teams: readonly number[][],
  people: number,
): number {
  let total = 0;
  for (const v of values) total += v * v;
  const scale = randomSplitScale(total, people, teams.length);
  if (scale === 0) return 0;
  let between = 0;
  for (const team of teams) {
    for (let f = 0; f < FACTOR_COUNT; f++) {
      let sum = 0;
      for (const i of team) sum += values[i * FACTOR_COUNT + f];
      if (team.length > 0) between += (sum * sum) / team.length;
    }
  }
  return between / scale;
}

function countViolations(cohort: Cohort, teams: readonly number[][]): Violations {
  const { min, max } = cohort.input.team_size;
  const teamOf = new Int32Array(cohort.size);
  teams.forEach((team, t) => team.forEach((i) => (teamOf[i] = t)));
  const size = teams.filter((team) => team.length < min || team.length > max).length;
  const keepTogether = cohort.keepTogether.filter((group) =>
    group.some((i) => teamOf[i] !== teamOf[group[0]]),
  ).length;
  const keepApart = cohort.keepApart.filter(([a, b]) => teamOf[a] === teamOf[b]).length;
  let isolation = 0;
  for (const team of teams) {
    for (let r = 0; r < cohort.input.no_isolated.length; r++) {
      if (team.filter((i) => (cohort.groupMasks[i] >>> r) & 1).length === 1) isolation++;
    }
  }
  return {
    size,
    keep_together: keepTogether,
    keep_apart: keepApart,
    isolation,
    total: size + keepTogether + keepApart + isolation,
  };
}

function describeTeam(cohort: Cohort, team: readonly number[]): TeamMetrics {
  const meanZ = Object.fromEntries(
    FACTORS.map((factor, f) => {
      let sum = 0;
      for (const i of team) sum += cohort.z[i * FACTOR_COUNT + f];
      return [factor, team.length > 0 ? sum / team.length : 0];
    }),
  ) as Record<Factor, number>;
  const missingSkills = cohort.requiredSkills.filter(
    (_, s) =>
      !team.some((i) => (cohort.skillMasks[i * cohort.skillWords + (s >>> 5)] >>> (s & 31)) & 1),
  );
  const skills = cohort.requiredSkills.length;
  let commonSlots = 0;
  for (let w = 0; w < SLOT_WORDS; w++) {
    let common = team.length > 0 ? 0xffffffff : 0;
    for (const i of team) common &= cohort.slots[i * SLOT_WORDS + w];
    commonSlots += popcount(common);
  }
  return {
    size: team.length,
    mean_z: meanZ,
    skills_coverage: skills > 0 ? (skills - missingSkills.length) / skills : 1,
    missing_skills: missingSkills,
    common_slots: commonSlots,
    availability: Math.min(1, commonSlots / cohort.input.availability_target),
  };
}

const mean = (values: number[]): number =>
  values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0;
// reduce rather than Math.min(...values): a spread of a very long list overflows the stack.
const smallest = (values: number[]): number => values.reduce((a, b) => Math.min(a, b), Infinity);

/** Every metric of a split given as lists of person indices; computed from scratch. */
export function evaluateSplit(cohort: Cohort, teams: readonly number[][]): SplitEvaluation {
  const teamMetrics = teams.map((team) => describeTeam(cohort, team));
  const rho = betweenTeamRatio(cohort.z, teams, cohort.size);
  const rho2 = betweenTeamRatio(cohort.spread, teams, cohort.size);
  let dmax = 0;
  for (const team of teamMetrics) {
    for (const factor of FACTORS) dmax = Math.max(dmax, Math.abs(team.mean_z[factor]));
  }
  const skillsCoverage = teamMetrics.map((team) => team.skills_coverage);
  const availability = teamMetrics.map((team) => team.availability);
  const skillsMean = mean(skillsCoverage);
  const availabilityMean = mean(availability);
  const k = teams.length;
  const skillsUpperBound =
    cohort.requiredSkills.length > 0
      ? mean([...cohort.skillHolders].map((holders) => Math.min(k, holders) / k))
      : 1;
  const w = cohort.input.weights;
  return {
    metrics: {
      team_count: k,
      rho,
      rho2,
      dmax,
      skills_mean: skillsMean,
      skills_min: smallest(skillsCoverage),
      skills_upper_bound: skillsUpperBound,
      availability_mean: availabilityMean,
      availability_min: smallest(availability),
      objective:
        w.personality * rho +
        w.spread * rho2 +
        w.skills * (1 - skillsMean) +
        w.availability * (1 - availabilityMean),
      violations: countViolations(cohort, teams),
    },
    team_metrics: teamMetrics,
  };
}
