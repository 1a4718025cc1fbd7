import type { Cohort } from './cohort';
import type { PersonId } from './schema';

export interface InfeasibleRule {
  rule: 'team_size' | 'keep_together' | 'keep_apart' | 'isolation';
  message: string;
  ids?: PersonId[];
  attribute?: string;
  value?: string | number | boolean;
}

/** The structure every split keeps: K, the units that move as one, and each team's size. */
export interface Plan {
  teamCount: number;
  /** Person indices of each unit: a keep_together group merged transitively, or one person. */
  units: number[][];
  /** Team of each unit of two or more people, fixed before the rest are placed; -1 for singles. */
  packedTeam: Int32Array;
  /** Team sizes of the first split; the search keeps sizes within their min and max. */
  targetSizes: Int32Array;
  /** Rules no split can meet, found before searching. */
  infeasible: InfeasibleRule[];
}

/**
 * K rule: the K whose teams fit [min, max] when sizes are as equal as possible, nearest to
 * N / ((min + max) / 2); ties go to fewer, larger teams. Null when no K fits.
 */
export function chooseTeamCount(people: number, min: number, max: number): number | null {
  return feasibleTeamCounts(people, min, max)[0] ?? null;
}

/** Every K that fits, best first by the K rule. */
function feasibleTeamCounts(people: number, min: number, max: number): number[] {
  const ideal = people / ((min + max) / 2);
  const counts: number[] = [];
  for (let k = Math.ceil(people / max); k <= Math.floor(people / min); k++) counts.push(k);
  return counts.sort((a, b) => Math.abs(a - ideal) - Math.abs(b - ideal) || a - b);
}

function mergeKeepTogether(cohort: Cohort): number[][] {
  const parent = Int32Array.from({ length: cohort.size }, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (const group of cohort.keepTogether) {
    for (const i of group) parent[root(i)] = root(group[0]);
  }
  const unitOfRoot = new Map<number, number[]>();
  for (let i = 0; i < cohort.size; i++) {
    const r = root(i);
    const unit = unitOfRoot.get(r);
    if (unit) unit.push(i);
    else unitOfRoot.set(r, [i]);
  }
  return [...unitOfRoot.values()];
}

/** Node limit of the exact packing search; real keep_together lists pack on the first path. */
const PACKING_NODE_LIMIT = 200_000;

/**
 * Places the multi-person units into `teams` teams with sizes in [low, high] so that singles
 * can fill the rest: depth-first, least-loaded team first, teams of equal load tried once.
 */
function packUnits(
  units: number[][],
  people: number,
  teams: number,
  low: number,
  high: number,
): { packedTeam: Int32Array; targetSizes: Int32Array } | null {
  const multi = units
    .map((unit, u) => u)
    .filter((u) => units[u].length > 1)
    .sort((a, b) => units[b].length - units[a].length || a - b);
  const load = new Int32Array(teams);
  const packedTeam = new Int32Array(units.length).fill(-1);
  // Sum of max(low, load): the people teams need at least; never above `people`.
  let committed = low * teams;
  if (committed > people || teams * high < people) return null;
  let nodes = 0;
  const place = (next: number): boolean => {
    if (next === multi.length) return true;
    if (++nodes > PACKING_NODE_LIMIT) return false;
    const u = multi[next];
    const size = units[u].length;
    const order = Array.from({ length: teams }, (_, t) => t).sort((a, b) => load[a] - load[b]);
    const triedLoads = new Set<number>();
    for (const t of order) {
      if (load[t] + size > high || triedLoads.has(load[t])) continue;
      triedLoads.add(load[t]);
      const growth = Math.max(low, load[t] + size) - Math.max(low, load[t]);
      if (committed + growth > people) continue;
      load[t] += size;
      committed += growth;
      packedTeam[u] = t;
      if (place(next + 1)) return true;
      load[t] -= size;
      committed -= growth;
      packedTeam[u] = -1;
    }
    return false;
  };
  if (!place(0)) return null;

  // Fill the smallest teams first so sizes stay as equal as possible.
  const targetSizes = Int32Array.from(load, (l) => Math.max(low, l));
  for (let spare = people - committed; spare > 0; spare--) {
    let smallest = -1;
    for (let t = 0; t < teams; t++) {
      if (targetSizes[t] < high && (smallest < 0 || targetSizes[t] < targetSizes[smallest])) {
        smallest = t;
      }
    }
    targetSizes[smallest]++;
  }
  return { packedTeam, targetSizes };
}

function structuralRules(cohort: Cohort, units: number[][]): InfeasibleRule[] {
  const { min, max } = cohort.input.team_size;
  const n = cohort.size;
  const rules: InfeasibleRule[] = [];
  const idsOf = (indices: readonly number[]): PersonId[] => indices.map((i) => cohort.ids[i]);
  if (chooseTeamCount(n, min, max) === null) {
    rules.push({
      rule: 'team_size',
      message: `${n} ${n === 1 ? 'person' : 'people'} cannot be split into teams of ${min} to ${max}`,
    });
  }
  for (const unit of units) {
    if (unit.length > max) {
      rules.push({
        rule: 'keep_together',
        message: `${unit.length} people must be kept together, more than the largest team size ${max}`,
        ids: idsOf(unit),
      });
    }
  }
  const unitOf = new Int32Array(n);
  units.forEach((unit, u) => unit.forEach((i) => (unitOf[i] = u)));
  for (const [a, b] of cohort.keepApart) {
    if (unitOf[a] === unitOf[b]) {
      rules.push({
        rule: 'keep_apart',
        message: `${cohort.ids[a]} and ${cohort.ids[b]} must be kept apart but are in the same keep_together group`,
        ids: idsOf(units[unitOf[a]]),
      });
    }
  }
  cohort.input.no_isolated.forEach((rule, r) => {
    const group = Array.from({ length: n }, (_, i) => i).filter(
      (i) => (cohort.groupMasks[i] >>> r) & 1,
    );
    const label = `${rule.attribute} = ${JSON.stringify(rule.value)}`;
    // g members fit in teams of two or more only if some number of teams p has 2p <= g <= p * max.
    if (
      group.length === 1 ||
      (group.length > 1 && 2 * Math.ceil(group.length / max) > group.length)
    ) {
      rules.push({
        rule: 'isolation',
        message:
          group.length === 1
            ? `only one person has ${label}, so that person is alone in any team`
            : `${group.length} people with ${label} cannot be placed two or more per team in teams of at most ${max}`,
        attribute: rule.attribute,
        value: rule.value,
        ids: idsOf(group),
      });
    }
  });
  return rules;
}

export function planTeams(cohort: Cohort): Plan {
  const { min, max } = cohort.input.team_size;
  const n = cohort.size;
  const units = mergeKeepTogether(cohort);
  const infeasible = structuralRules(cohort, units);

  for (const k of feasibleTeamCounts(n, min, max).slice(0, 50)) {
    // Equal sizes first; any sizes within [min, max] when the keep_together groups need it.
    const ranges = [
      [Math.floor(n / k), Math.ceil(n / k)],
      [min, max],
    ];
    for (const [low, high] of ranges) {
      const packing = packUnits(units, n, k, low, high);
      if (packing) return { teamCount: k, units, ...packing, infeasible };
    }
  }

  // No split meets the size rules: keep groups whole and sizes as equal as they can be.
  if (infeasible.length === 0) {
    infeasible.push({
      rule: 'keep_together',
      message: `the keep_together groups cannot be packed into teams of ${min} to ${max}`,
    });
  }
  for (let k = Math.max(1, Math.round(n / ((min + max) / 2))); k >= 1; k--) {
    const packing =
      packUnits(units, n, k, Math.floor(n / k), Math.ceil(n / k)) ?? packUnits(units, n, k, 1, n);
    if (packing) return { teamCount: k, units, ...packing, infeasible };
  }
  throw new Error('one team of everyone always packs');
}
