import type { Partition } from './partition';
import { FEATURE_DIMS as featureDims } from './problem';
import { shuffle, type Random } from './random';

// Module-local copies: imported bindings are getter calls once transpiled (see partition.ts).
const FEATURE_DIMS = featureDims;
/** The five factors come first among the features. */
const FACTORS = 5;
/** Exchanges per unit kept by how much they lower rho, then checked against the floors in turn. */
const CANDIDATES = 32;
/** First steps of a chain of two tried per unit (the best-ranked that keep rules and floors). */
const CHAIN_FIRST = 8;
/** Teams a double exchange is looked for in, at most (all of them below this many). */
export const DOUBLE_SCAN_TEAMS = 200;
/** Passes of double exchanges, each followed by single ones. */
const DOUBLE_ROUNDS = 4;
/**
 * Passes of single exchanges before the double ones: one, so that at 5,000 people (a pass is
 * 30 million pairs) the double ones get their share of the budget.
 */
const FIRST_PASSES = 1;
/** Improvements smaller than this are rounding noise. */
const EPSILON = 1e-12;

/** Floors the balancing keeps: at most `gaps` missing skills, at least `slots` shared slots. */
export interface Floors {
  gaps: number;
  slots: number;
}

/**
 * Anticlustering exchange on the five factors alone, under floors on skills and shared hours:
 * unit after unit, the exchanges with every unit of another team of its size (and the moves
 * into every team with room) are ranked by how much they lower rho, one 5-dimensional step
 * each from the teams' means; the best that breaks no more rules and keeps missing skills at
 * most `floors.gaps` and shared slots at least `floors.slots` (or, when a floor is not met
 * yet, does not worsen it) is applied. After FIRST_PASSES such passes, rounds of double
 * exchanges (one or two units of a team for as many people of another, ranked the same way
 * on their summed factors), each followed by single passes until they stop; then chains of
 * two, until `budget` pair evaluations are spent. Returns the evaluations spent.
 */
export function balanceUnderFloors(
  partition: Partition,
  random: Random,
  budget: number,
  floors: Floors,
  onProgress?: (evaluations: number) => void,
): number {
  const p = partition.problem;
  const teams = p.teamCount;
  const units = p.unitCount;
  if (teams < 2 || p.rhoWeight === 0) return 0;
  const { teamOf, people, sums, rhoCost } = partition;
  const { unitSize, sizeMin, sizeMax } = p;

  const z = new Float64Array(units * FACTORS);
  for (let u = 0; u < units; u++) {
    for (let f = 0; f < FACTORS; f++) z[u * FACTORS + f] = p.features[u * FEATURE_DIMS + f];
  }
  const zNorm = new Float64Array(units);
  for (let u = 0; u < units; u++) {
    for (let f = 0; f < FACTORS; f++) zNorm[u] += z[u * FACTORS + f] ** 2;
  }
  /** Per team, the swap change's slope, curvature and offset for the unit being ranked. */
  const slopes = new Float64Array(teams * FACTORS);
  const curvatures = new Float64Array(teams);
  const offsets = new Float64Array(teams);
  const means = new Float64Array(teams * FACTORS);
  const inverse = new Float64Array(teams);
  const refresh = (t: number): void => {
    inverse[t] = 1 / people[t];
    for (let f = 0; f < FACTORS; f++) {
      means[t * FACTORS + f] = sums[t * FEATURE_DIMS + f] * inverse[t];
    }
  };
  for (let t = 0; t < teams; t++) refresh(t);

  const order = shuffle(
    Int32Array.from({ length: units }, (_, u) => u),
    random,
  );
  /** Partners (a unit, or -1 - team for a move), best first, and their changes of w_p rho. */
  const partners = new Int32Array(CANDIDATES);
  const changes = new Float64Array(CANDIDATES);
  let count = 0;
  let evaluations = 0;
  let nextReport = 1_000_000;

  /**
   * Ranks the exchanges of unit u with units of teams other than its own and `skip`, and its
   * moves, by the change of w_p rho: the `keep` best below `below` go to partners / changes.
   */
  const rank = (u: number, skip: number, below: number, keep: number): void => {
    const a = teamOf[u];
    const size = unitSize[u];
    const uz = u * FACTORS;
    const az = a * FACTORS;
    const zu0 = z[uz];
    const zu1 = z[uz + 1];
    const zu2 = z[uz + 2];
    const zu3 = z[uz + 3];
    const zu4 = z[uz + 4];
    const inverseA = inverse[a];
    const normU = zu0 * zu0 + zu1 * zu1 + zu2 * zu2 + zu3 * zu3 + zu4 * zu4;
    // With d = z_v - z_u and g = m_a - m_b, a swap changes w_p rho by 2 d . g + |d|^2 w, w =
    // 1/n_a + 1/n_b: per team b, z_v . (2 g - 2 w z_u) + w |z_v|^2 + (w |z_u|^2 - 2 z_u . g).
    for (let b = 0; b < teams; b++) {
      const bz = b * FACTORS;
      const g0 = means[az] - means[bz];
      const g1 = means[az + 1] - means[bz + 1];
      const g2 = means[az + 2] - means[bz + 2];
      const g3 = means[az + 3] - means[bz + 3];
      const g4 = means[az + 4] - means[bz + 4];
      const w = inverseA + inverse[b];
      slopes[bz] = 2 * (g0 - w * zu0);
      slopes[bz + 1] = 2 * (g1 - w * zu1);
      slopes[bz + 2] = 2 * (g2 - w * zu2);
      slopes[bz + 3] = 2 * (g3 - w * zu3);
      slopes[bz + 4] = 2 * (g4 - w * zu4);
      curvatures[b] = w;
      offsets[b] = w * normU - 2 * (zu0 * g0 + zu1 * g1 + zu2 * g2 + zu3 * g3 + zu4 * g4);
    }
    // Partners in u's own team or in `skip` compare false (NaN) and are never offered.
    curvatures[a] = NaN;
    if (skip >= 0) curvatures[skip] = NaN;
    count = 0;
    let threshold = below;
    const offer = (partner: number, change: number): void => {
      let i = count < keep ? count++ : keep - 1;
      while (i > 0 && changes[i - 1] > change) {
        changes[i] = changes[i - 1];
        partners[i] = partners[i - 1];
        i--;
      }
      changes[i] = change;
      partners[i] = partner;
      if (count === keep) threshold = changes[keep - 1];
    };

    for (let v = 0; v < units; v++) {
      if (unitSize[v] !== size) continue;
      const b = teamOf[v];
      const vz = v * FACTORS;
      const bz = b * FACTORS;
      const change =
        z[vz] * slopes[bz] +
        z[vz + 1] * slopes[bz + 1] +
        z[vz + 2] * slopes[bz + 2] +
        z[vz + 3] * slopes[bz + 3] +
        z[vz + 4] * slopes[bz + 4] +
        zNorm[v] * curvatures[b] +
        offsets[b];
      if (change < threshold) offer(v, change);
    }
    // Moves into teams with room, when u's team can spare it.
    if (people[a] - size >= sizeMin) {
      for (let b = 0; b < teams; b++) {
        if (b === a || b === skip || people[b] + size > sizeMax) continue;
        let squaresA = 0;
        let squaresB = 0;
        for (let f = 0; f < FACTORS; f++) {
          const sa = sums[a * FEATURE_DIMS + f] - z[uz + f];
          const sb = sums[b * FEATURE_DIMS + f] + z[uz + f];
          squaresA += sa * sa;
          squaresB += sb * sb;
        }
        const change =
          squaresA / (people[a] - size) + squaresB / (people[b] + size) - rhoCost[a] - rhoCost[b];
        if (change < threshold) offer(-1 - b, change);
      }
    }
    evaluations += units + teams;
    if (evaluations >= nextReport) {
      nextReport = evaluations + 1_000_000;
      onProgress?.(Math.min(evaluations, budget));
    }
  };

  /** Applies the first ranked exchange that keeps rules and floors; its index, or -1. */
  const applyFirst = (u: number): number => {
    const a = teamOf[u];
    for (let c = 0; c < count; c++) {
      const partner = partners[c];
      const v = partner >= 0 ? partner : -1;
      const b = partner >= 0 ? teamOf[partner] : -1 - partner;
      partition.changeOf(u, v, b);
      evaluations += 8;
      if (partition.changeViolations > 0) continue;
      const gaps = partition.changeGaps;
      if (gaps > 0 && partition.gapTotal + gaps > floors.gaps) continue;
      const slots = partition.changeSlots;
      if (slots < 0 && partition.slotTotal + slots < floors.slots) continue;
      if (v >= 0) partition.swap(u, v);
      else partition.move(u, b);
      refresh(a);
      refresh(b);
      return c;
    }
    return -1;
  };

  // The units of each team one by one and two by two, with their summed factors, rebuilt when
  // the team changes: an exchange of one or two units for as many of another team is ranked
  // like a single one, with subset sums in place of units.
  const capacity = partition.capacity;
  const subsetSlots = capacity + (capacity * (capacity - 1)) / 2;
  const subsetFirst = new Int32Array(teams * subsetSlots);
  /** The second unit of the subset, or -1 for one unit alone. */
  const subsetSecond = new Int32Array(teams * subsetSlots);
  const subsetPeople = new Int32Array(teams * subsetSlots);
  const subsetZ = new Float64Array(teams * subsetSlots * FACTORS);
  const subsetNorm = new Float64Array(teams * subsetSlots);
  const subsetCount = new Int32Array(teams);
  const buildSubsets = (t: number): void => {
    const first = t * capacity;
    const n = partition.unitsIn[t];
    let k = t * subsetSlots;
    for (let i = 0; i < n; i++) {
      const x = partition.members[first + i];
      for (let j = i; j < n; j++, k++) {
        const y = j === i ? -1 : partition.members[first + j];
        subsetFirst[k] = x;
        subsetSecond[k] = y;
        subsetPeople[k] = unitSize[x] + (y >= 0 ? unitSize[y] : 0);
        let norm = 0;
        for (let f = 0; f < FACTORS; f++) {
          const value = z[x * FACTORS + f] + (y >= 0 ? z[y * FACTORS + f] : 0);
          subsetZ[k * FACTORS + f] = value;
          norm += value * value;
        }
        subsetNorm[k] = norm;
      }
    }
    subsetCount[t] = k - t * subsetSlots;
  };

  const teamOrder = shuffle(
    Int32Array.from({ length: teams }, (_, t) => t),
    random,
  );
  const scanned = new Int32Array(Math.min(teams, DOUBLE_SCAN_TEAMS));
  const distances = new Float64Array(teams);
  const sorted = new Float64Array(teams);
  /**
   * Teams an exchange out of team a is looked for in: all of them when there are few, else
   * half the teams whose means lie furthest from a's (where exchanges gain most) and half the
   * nearest in team order (where the first split put people free at the same hours).
   */
  const pickTeams = (a: number): number => {
    if (teams - 1 <= scanned.length) {
      let count = 0;
      for (let t = 0; t < teams; t++) if (t !== a) scanned[count++] = t;
      return count;
    }
    const near = scanned.length >> 1;
    let count = 0;
    for (let offset = 1; count < near; offset++) {
      scanned[count++] = (a + offset) % teams;
      if (count < near) scanned[count++] = (a - offset + teams) % teams;
    }
    for (let t = 0; t < teams; t++) {
      let distance = 0;
      for (let f = 0; f < FACTORS; f++) {
        const gap = means[a * FACTORS + f] - means[t * FACTORS + f];
        distance += gap * gap;
      }
      distances[t] = distance;
    }
    for (let c = 0; c < near; c++) distances[scanned[c]] = -1;
    distances[a] = -1;
    sorted.set(distances);
    sorted.sort();
    const threshold = sorted[teams - (scanned.length - near)];
    for (let t = 0; t < teams && count < scanned.length; t++) {
      if (distances[t] >= threshold) scanned[count++] = t;
    }
    evaluations += teams;
    return count;
  };

  const firstSubsets = new Int32Array(CANDIDATES);
  const secondSubsets = new Int32Array(CANDIDATES);
  const subsetChanges = new Float64Array(CANDIDATES);
  const projections = new Float64Array(subsetSlots);
  let found = 0;
  let threshold = -EPSILON;
  /**
   * Ranks the exchanges of one or two units of team a for as many people of team b by the
   * change of w_p rho: with D = Q - P entering a and leaving b, 2 D . (m_a - m_b) +
   * |D|^2 (1/n_a + 1/n_b). The best below `threshold` go to firstSubsets / secondSubsets.
   */
  const rankSubsets = (a: number, b: number): void => {
    const subsetsA = subsetCount[a];
    const subsetsB = subsetCount[b];
    const g0 = means[a * FACTORS] - means[b * FACTORS];
    const g1 = means[a * FACTORS + 1] - means[b * FACTORS + 1];
    const g2 = means[a * FACTORS + 2] - means[b * FACTORS + 2];
    const g3 = means[a * FACTORS + 3] - means[b * FACTORS + 3];
    const g4 = means[a * FACTORS + 4] - means[b * FACTORS + 4];
    const weight = inverse[a] + inverse[b];
    for (let j = 0; j < subsetsB; j++) {
      const q = (b * subsetSlots + j) * FACTORS;
      projections[j] =
        subsetZ[q] * g0 +
        subsetZ[q + 1] * g1 +
        subsetZ[q + 2] * g2 +
        subsetZ[q + 3] * g3 +
        subsetZ[q + 4] * g4;
    }
    for (let i = 0; i < subsetsA; i++) {
      const ka = a * subsetSlots + i;
      const p = ka * FACTORS;
      const p0 = subsetZ[p];
      const p1 = subsetZ[p + 1];
      const p2 = subsetZ[p + 2];
      const p3 = subsetZ[p + 3];
      const p4 = subsetZ[p + 4];
      const projection = p0 * g0 + p1 * g1 + p2 * g2 + p3 * g3 + p4 * g4;
      const norm = subsetNorm[ka];
      const people = subsetPeople[ka];
      for (let j = 0; j < subsetsB; j++) {
        const kb = b * subsetSlots + j;
        if (subsetPeople[kb] !== people) continue;
        const q = kb * FACTORS;
        const dot =
          p0 * subsetZ[q] +
          p1 * subsetZ[q + 1] +
          p2 * subsetZ[q + 2] +
          p3 * subsetZ[q + 3] +
          p4 * subsetZ[q + 4];
        const change =
          2 * (projections[j] - projection) + (subsetNorm[kb] + norm - 2 * dot) * weight;
        if (change >= threshold) continue;
        let c = found < CANDIDATES ? found++ : CANDIDATES - 1;
        while (c > 0 && subsetChanges[c - 1] > change) {
          subsetChanges[c] = subsetChanges[c - 1];
          firstSubsets[c] = firstSubsets[c - 1];
          secondSubsets[c] = secondSubsets[c - 1];
          c--;
        }
        subsetChanges[c] = change;
        firstSubsets[c] = ka;
        secondSubsets[c] = kb;
        if (found === CANDIDATES) threshold = subsetChanges[CANDIDATES - 1];
      }
    }
    evaluations += subsetsA * subsetsB;
  };

  /**
   * Applies the first ranked exchange out of team a that keeps rules and floors (its first
   * half is applied, then undone when the whole would not do); true if one was.
   */
  const applySubsets = (a: number): boolean => {
    for (let c = 0; c < found; c++) {
      const ka = firstSubsets[c];
      const kb = secondSubsets[c];
      const u1 = subsetFirst[ka];
      const u2 = subsetSecond[ka];
      const v1 = subsetFirst[kb];
      const v2 = subsetSecond[kb];
      const b = teamOf[v1];
      const violations = partition.violations;
      const gaps = partition.gapTotal;
      const slots = partition.slotTotal;
      evaluations += 24;
      let violationsAfter: number;
      let gapsAfter: number;
      let slotsAfter: number;
      if (u2 < 0 && v2 < 0) {
        partition.changeOf(u1, v1, b);
        violationsAfter = violations + partition.changeViolations;
        gapsAfter = gaps + partition.changeGaps;
        slotsAfter = slots + partition.changeSlots;
      } else if (u2 >= 0 && v2 >= 0) {
        partition.swap(u1, v1);
        partition.changeOf(u2, v2, b);
        violationsAfter = partition.violations + partition.changeViolations;
        gapsAfter = partition.gapTotal + partition.changeGaps;
        slotsAfter = partition.slotTotal + partition.changeSlots;
      } else {
        // One unit for two of the same people in all: rare (keep_together pairs); left out.
        continue;
      }
      const keeps =
        violationsAfter <= violations &&
        (gapsAfter <= gaps || gapsAfter <= floors.gaps) &&
        (slotsAfter >= slots || slotsAfter >= floors.slots);
      if (u2 >= 0) {
        if (!keeps) {
          partition.swap(u1, v1);
          continue;
        }
        partition.swap(u2, v2);
      } else {
        if (!keeps) continue;
        partition.swap(u1, v1);
      }
      refresh(a);
      refresh(b);
      buildSubsets(a);
      buildSubsets(b);
      return true;
    }
    return false;
  };

  /** One pass of exchanges of one or two units over the teams; returns how many were applied. */
  const exchangeSubsets = (): number => {
    for (let t = 0; t < teams; t++) buildSubsets(t);
    let applied = 0;
    for (const a of teamOrder) {
      if (evaluations >= budget) break;
      found = 0;
      threshold = -EPSILON;
      const scan = pickTeams(a);
      for (let s = 0; s < scan; s++) rankSubsets(a, scanned[s]);
      if (evaluations >= nextReport) {
        nextReport = evaluations + 1_000_000;
        onProgress?.(Math.min(evaluations, budget));
      }
      if (applySubsets(a)) applied++;
    }
    return applied;
  };

  for (
    let pass = 0, improved = true;
    improved && evaluations < budget && pass < FIRST_PASSES;
    pass++
  ) {
    improved = false;
    for (const u of order) {
      if (evaluations >= budget) break;
      rank(u, -1, -EPSILON, CANDIDATES);
      if (applyFirst(u) >= 0) improved = true;
    }
  }

  // Double exchanges: two units of one team for two of another, where single ones are spent.
  for (let round = 0; round < DOUBLE_ROUNDS && evaluations < budget; round++) {
    if (exchangeSubsets() === 0) break;
    // Each double exchange opens single ones around it.
    for (let improved = true; improved && evaluations < budget;) {
      improved = false;
      for (const u of order) {
        if (evaluations >= budget) break;
        rank(u, -1, -EPSILON, CANDIDATES);
        if (applyFirst(u) >= 0) improved = true;
      }
    }
  }

  // Chains of two: an exchange that fixes u's team but unbalances the partner's, followed by
  // one from the partner's team that more than makes up for it; undone when none does.
  const firstPartners = new Int32Array(CANDIDATES);
  const firstChanges = new Float64Array(CANDIDATES);
  for (let improved = true; improved && evaluations < budget;) {
    improved = false;
    for (const u of order) {
      if (evaluations >= budget) break;
      const a = teamOf[u];
      rank(u, -1, Infinity, CANDIDATES);
      const firstCount = count;
      firstPartners.set(partners.subarray(0, firstCount));
      firstChanges.set(changes.subarray(0, firstCount));
      let tried = 0;
      for (let f = 0; f < firstCount && tried < CHAIN_FIRST && evaluations < budget; f++) {
        const partner = firstPartners[f];
        const v = partner >= 0 ? partner : -1;
        const b = partner >= 0 ? teamOf[partner] : -1 - partner;
        partners[0] = partner;
        count = 1;
        if (applyFirst(u) < 0) continue;
        tried++;
        let done = false;
        for (let m = 0; m < partition.unitsIn[b] && !done; m++) {
          const w = partition.members[b * partition.capacity + m];
          rank(w, a, -firstChanges[f] - EPSILON, CANDIDATES);
          done = applyFirst(w) >= 0;
        }
        if (done) {
          improved = true;
          break;
        }
        if (v >= 0) partition.swap(u, v);
        else partition.move(u, a);
        refresh(a);
        refresh(b);
      }
    }
  }
  return Math.min(evaluations, budget);
}
