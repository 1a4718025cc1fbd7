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
 * yet, does not worsen it) is applied. Passes repeat until one changes nothing or `budget`
 * pair evaluations are spent. Returns the evaluations spent.
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
    const ma0 = means[az];
    const ma1 = means[az + 1];
    const ma2 = means[az + 2];
    const ma3 = means[az + 3];
    const ma4 = means[az + 4];
    const inverseA = inverse[a];
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

    // Swaps: with d = z_v - z_u, the change is 2 d . (m_a - m_b) + |d|^2 (1/n_a + 1/n_b).
    for (let v = 0; v < units; v++) {
      const b = teamOf[v];
      if (b === a || b === skip || unitSize[v] !== size) continue;
      const vz = v * FACTORS;
      const bz = b * FACTORS;
      const d0 = z[vz] - zu0;
      const d1 = z[vz + 1] - zu1;
      const d2 = z[vz + 2] - zu2;
      const d3 = z[vz + 3] - zu3;
      const d4 = z[vz + 4] - zu4;
      const change =
        2 *
          (d0 * (ma0 - means[bz]) +
            d1 * (ma1 - means[bz + 1]) +
            d2 * (ma2 - means[bz + 2]) +
            d3 * (ma3 - means[bz + 3]) +
            d4 * (ma4 - means[bz + 4])) +
        (d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3 + d4 * d4) * (inverseA + inverse[b]);
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

  for (let improved = true; improved && evaluations < budget;) {
    improved = false;
    for (const u of order) {
      if (evaluations >= budget) break;
      rank(u, -1, -EPSILON, CANDIDATES);
      if (applyFirst(u) >= 0) improved = true;
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
