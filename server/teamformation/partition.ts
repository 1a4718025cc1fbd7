import { SLOT_WORDS as slotWords, popcount as countBits } from './cohort';
import { FEATURE_DIMS as featureDims, type SearchProblem } from './problem';

// Module-local copies: once transpiled, imported bindings are getter calls, too slow for the
// inner loops below.
const SLOT_WORDS = slotWords;
const FEATURE_DIMS = featureDims;
/** The five factors come first among the features. */
const FACTORS = 5;
const popcount = countBits;

/**
 * A missing skill below its floor counts twice its share of J: skills coverage is the measure
 * the search otherwise gives up first, one gap being worth little balance.
 */
const GAP_FACTOR = 2;

/** The 168 real slots of a week: the last word only uses its low 8 bits. */
const WEEK = Uint32Array.of(~0, ~0, ~0, ~0, ~0, 0xff);

/**
 * A split of units into teams with every per-team aggregate the objective needs, so that a swap
 * or a move is evaluated in O(features + skill words + slot words) without touching other teams.
 */
export class Partition {
  readonly problem: SearchProblem;
  readonly capacity: number;
  readonly teamOf: Int32Array;
  readonly slotOf: Int32Array;
  /** teamCount x capacity unit indices; the first unitsIn[t] are used. */
  readonly members: Int32Array;
  readonly unitsIn: Int32Array;
  readonly people: Int32Array;
  readonly sums: Float64Array;
  readonly personalityCost: Float64Array;
  /** The five factors' part of personalityCost: their sum is w_p rho. */
  readonly rhoCost: Float64Array;
  readonly skillUnits: Int32Array;
  readonly covered: Uint32Array;
  /** Skills exactly one unit of the team holds: losing that unit loses the skill. */
  readonly coveredOnce: Uint32Array;
  readonly gaps: Int32Array;
  readonly common: Uint32Array;
  /** teamCount x capacity x SLOT_WORDS: common slots of the team without the unit in that place. */
  readonly commonWithout: Uint32Array;
  readonly availability: Float64Array;
  /** min(availability target, common slots) of each team. */
  readonly teamSlots: Int32Array;
  readonly groupCounts: Int32Array;
  readonly teamViolations: Int32Array;
  readonly teamCost: Float64Array;
  objective = 0;
  violations = 0;
  /** Sum of rhoCost: w_p rho. */
  rhoTotal = 0;
  /**
   * The balance cap in rhoCost units (w_p times the cap on rho); Infinity when off. A change
   * that would take rhoTotal further above it is worse than any change in J.
   */
  rhoCap = Infinity;
  /** Sum of the teams' missing skills. */
  gapTotal = 0;
  /** Sum over teams of min(target, common slots): availability_mean is this / (K target). */
  slotTotal = 0;
  /**
   * Floors on the other criteria, for a search that must keep them: at most gapCap missing
   * skills in all, at least slotFloor in slotTotal. Shortfalls count in the same tier as the
   * excess over rhoCap, each in J units (GAP_FACTOR gapCost per skill, availabilityCost /
   * target per slot).
   */
  gapCap = Infinity;
  slotFloor = -Infinity;
  private readonly gradient = new Float64Array(FEATURE_DIMS);
  /** Deltas of the last change bestSwap or evaluateMove reported. */
  deltaViolations = 0;
  deltaExcess = 0;
  deltaObjective = 0;
  /** Changes of the last exchange changeOf looked at. */
  changeViolations = 0;
  changeGaps = 0;
  changeSlots = 0;

  constructor(problem: SearchProblem) {
    const k = problem.teamCount;
    this.problem = problem;
    this.capacity = problem.sizeMax;
    this.teamOf = new Int32Array(problem.unitCount).fill(-1);
    this.slotOf = new Int32Array(problem.unitCount);
    this.members = new Int32Array(k * this.capacity);
    this.unitsIn = new Int32Array(k);
    this.people = new Int32Array(k);
    this.sums = new Float64Array(k * FEATURE_DIMS);
    this.personalityCost = new Float64Array(k);
    this.rhoCost = new Float64Array(k);
    this.skillUnits = new Int32Array(k * problem.skillCount);
    this.covered = new Uint32Array(k * problem.skillWords);
    this.coveredOnce = new Uint32Array(k * problem.skillWords);
    this.gaps = new Int32Array(k);
    this.common = new Uint32Array(k * SLOT_WORDS);
    this.commonWithout = new Uint32Array(k * this.capacity * SLOT_WORDS);
    this.availability = new Float64Array(k);
    this.teamSlots = new Int32Array(k);
    this.groupCounts = new Int32Array(k * problem.ruleCount);
    this.teamViolations = new Int32Array(k);
    this.teamCost = new Float64Array(k);
    for (let t = 0; t < k; t++) this.refreshTeam(t);
  }

  add(u: number, t: number): void {
    this.place(u, t, this.unitsIn[t]++);
    this.refreshTeam(t);
  }

  /** A partition of the same problem with `teamOf`'s teams, keeping this one's cap and floors. */
  withTeams(teamOf: ArrayLike<number>): Partition {
    const next = new Partition(this.problem);
    for (let u = 0; u < this.problem.unitCount; u++) next.add(u, teamOf[u]);
    next.rhoCap = this.rhoCap;
    next.gapCap = this.gapCap;
    next.slotFloor = this.slotFloor;
    return next;
  }

  /** Whether floors on skills or shared hours are set. */
  get floored(): boolean {
    return this.gapCap !== Infinity || this.slotFloor !== -Infinity;
  }

  /**
   * How far the split is from its targets: w_p rho above the cap, plus missing skills above
   * gapCap and shared slots below slotFloor in J units (0 when every target is met or none set).
   */
  get excess(): number {
    const p = this.problem;
    return (
      Math.max(0, this.rhoTotal - this.rhoCap) +
      GAP_FACTOR * p.gapCost * Math.max(0, this.gapTotal - this.gapCap) +
      (p.availabilityCost / p.availabilityTarget) * Math.max(0, this.slotFloor - this.slotTotal)
    );
  }

  /** Excess after rhoTotal changes by `change`, minus the excess now. */
  private excessChange(change: number): number {
    const cap = this.rhoCap;
    if (cap === Infinity) return 0;
    return Math.max(0, this.rhoTotal + change - cap) - Math.max(0, this.rhoTotal - cap);
  }

  /** Change of the floors' part of excess when gapTotal and slotTotal change by these. */
  private floorChange(gapChange: number, slotChange: number): number {
    const p = this.problem;
    let change = 0;
    if (gapChange !== 0 && this.gapCap !== Infinity) {
      const over = this.gapTotal - this.gapCap;
      change += GAP_FACTOR * p.gapCost * (Math.max(0, over + gapChange) - Math.max(0, over));
    }
    if (slotChange !== 0 && this.slotFloor !== -Infinity) {
      const under = this.slotFloor - this.slotTotal;
      change +=
        (p.availabilityCost / p.availabilityTarget) *
        (Math.max(0, under - slotChange) - Math.max(0, under));
    }
    return change;
  }

  swap(u: number, v: number): void {
    const a = this.teamOf[u];
    const b = this.teamOf[v];
    const slotU = this.slotOf[u];
    this.place(u, b, this.slotOf[v]);
    this.place(v, a, slotU);
    this.refreshTeam(a);
    this.refreshTeam(b);
  }

  move(u: number, b: number): void {
    const a = this.teamOf[u];
    const last = this.members[a * this.capacity + --this.unitsIn[a]];
    this.place(last, a, this.slotOf[u]);
    this.place(u, b, this.unitsIn[b]++);
    this.refreshTeam(a);
    this.refreshTeam(b);
  }

  /** Whether swapping u and v keeps both teams' sizes in range. */
  swapKeepsSizes(u: number, v: number): boolean {
    const { unitSize, sizeMin, sizeMax } = this.problem;
    const change = unitSize[v] - unitSize[u];
    if (change === 0) return true;
    const a = this.people[this.teamOf[u]] + change;
    const b = this.people[this.teamOf[v]] - change;
    return a >= sizeMin && a <= sizeMax && b >= sizeMin && b <= sizeMax;
  }

  /**
   * The unit of team b whose swap with unit u beats (bestViolations, bestExcess, bestObjective),
   * compared lexicographically, by the most; its deltas go to deltaViolations / deltaExcess /
   * deltaObjective. -1 if none. With `only` >= 0 (a unit of team b), only that swap is tried.
   */
  bestSwap(
    u: number,
    b: number,
    bestViolations: number,
    bestExcess: number,
    bestObjective: number,
    only = -1,
  ): number {
    const p = this.problem;
    const { features, featureNorms, zNorms, unitSize, unitGroupMask, apartStart } = p;
    const { unitSkills, unitSlots } = p;
    const { sums, gradient, members, covered, coveredOnce, commonWithout } = this;
    const a = this.teamOf[u];
    const ua = u * FEATURE_DIMS;
    const ta = a * FEATURE_DIMS;
    const tb = b * FEATURE_DIMS;
    const peopleA = this.people[a];
    const peopleB = this.people[b];
    const sizeU = unitSize[u];
    // With sizes unchanged, both teams' personality cost after the swap is
    // base + 2 f_v . gradient + |f_v|^2 (1/n_a + 1/n_b): one dot product per partner, split
    // into the five factors (rho, which the cap bounds) and the rest.
    let baseZ = -this.rhoCost[a] - this.rhoCost[b];
    let base = -this.personalityCost[a] - this.personalityCost[b] - baseZ;
    for (let d = 0; d < FEATURE_DIMS; d++) {
      const keptA = sums[ta + d] - features[ua + d];
      const withU = sums[tb + d] + features[ua + d];
      gradient[d] = keptA / peopleA - withU / peopleB;
      const square = (keptA * keptA) / peopleA + (withU * withU) / peopleB;
      if (d < FACTORS) baseZ += square;
      else base += square;
    }
    const capped = this.rhoCap !== Infinity;
    const floored = this.floored;
    const target = p.availabilityTarget;
    const slotsA = this.teamSlots[a];
    const slotsB = this.teamSlots[b];
    const normWeight = 1 / peopleA + 1 / peopleB;
    const words = p.skillWords;
    const gapCost = p.gapCost;
    const availabilityCost = p.availabilityCost;
    const availabilityA = this.availability[a];
    const availabilityB = this.availability[b];
    const bestAvailabilityGain = availabilityCost * (2 - availabilityA - availabilityB);
    const withoutU = (a * this.capacity + this.slotOf[u]) * SLOT_WORDS;
    const groupU = unitGroupMask[u];
    const apartU = apartStart[u] !== apartStart[u + 1];
    let best = -1;

    const first = b * this.capacity;
    const start = only >= 0 ? this.slotOf[only] : 0;
    const end = only >= 0 ? start + 1 : this.unitsIn[b];
    for (let m = start; m < end; m++) {
      const v = members[first + m];
      const va = v * FEATURE_DIMS;
      const sizeChange = unitSize[v] - sizeU;
      if (sizeChange !== 0) {
        const newA = peopleA + sizeChange;
        const newB = peopleB - sizeChange;
        if (newA < p.sizeMin || newA > p.sizeMax || newB < p.sizeMin || newB > p.sizeMax) continue;
      }

      let dV = 0;
      const groupV = unitGroupMask[v];
      // Two single people of the same groups leave every group count as it was.
      if ((groupU | groupV) !== 0 && (groupU !== groupV || sizeChange !== 0 || sizeU > 1)) {
        dV += this.isolationChange(u, v, a, b);
      }
      if (apartU) dV += this.apartChange(u, v, a, b);
      if (apartStart[v] !== apartStart[v + 1]) dV += this.apartChange(v, u, b, a);
      if (dV > bestViolations) continue;

      let dZ: number;
      let dJ: number;
      if (sizeChange === 0) {
        let dotZ = 0;
        let dot = 0;
        for (let d = 0; d < FACTORS; d++) dotZ += features[va + d] * gradient[d];
        for (let d = FACTORS; d < FEATURE_DIMS; d++) dot += features[va + d] * gradient[d];
        dZ = baseZ + 2 * dotZ + zNorms[v] * normWeight;
        dJ = dZ + base + 2 * dot + (featureNorms[v] - zNorms[v]) * normWeight;
      } else {
        let squaresA = 0;
        let squaresB = 0;
        let zA = 0;
        let zB = 0;
        for (let d = 0; d < FEATURE_DIMS; d++) {
          const change = features[va + d] - features[ua + d];
          const sa = (sums[ta + d] + change) ** 2;
          const sb = (sums[tb + d] - change) ** 2;
          squaresA += sa;
          squaresB += sb;
          if (d === FACTORS - 1) {
            zA = squaresA;
            zB = squaresB;
          }
        }
        dZ =
          zA / (peopleA + sizeChange) +
          zB / (peopleB - sizeChange) -
          this.rhoCost[a] -
          this.rhoCost[b];
        dJ =
          squaresA / (peopleA + sizeChange) +
          squaresB / (peopleB - sizeChange) -
          this.personalityCost[a] -
          this.personalityCost[b];
      }
      let dX = capped ? this.excessChange(dZ) : 0;
      if (!floored && dV === bestViolations && dX > bestExcess) continue;

      let gapChange = 0;
      if (gapCost > 0) {
        for (let w = 0; w < words; w++) {
          const su = unitSkills[u * words + w];
          const sv = unitSkills[v * words + w];
          if (su === sv) continue;
          const onlyU = su & ~sv;
          const onlyV = sv & ~su;
          const wa = a * words + w;
          const wb = b * words + w;
          gapChange +=
            popcount(onlyU & coveredOnce[wa]) -
            popcount(onlyV & ~covered[wa]) +
            popcount(onlyV & coveredOnce[wb]) -
            popcount(onlyU & ~covered[wb]);
        }
        dJ += gapCost * gapChange;
      }

      let slotChange = 0;
      if (availabilityCost > 0) {
        // Skip the slot counts when even full availability could not make this the best.
        // Under floors, the best the slots could do is fill both teams up to the target.
        const lowestX = floored
          ? dX + this.floorChange(gapChange, 2 * target - slotsA - slotsB)
          : dX;
        if (
          dV === bestViolations &&
          (lowestX > bestExcess ||
            (lowestX === bestExcess && dJ - bestAvailabilityGain >= bestObjective))
        )
          continue;
        const withoutV = (first + m) * SLOT_WORDS;
        let commonA = 0;
        let commonB = 0;
        for (let w = 0; w < SLOT_WORDS; w++) {
          commonA += popcount(commonWithout[withoutU + w] & unitSlots[v * SLOT_WORDS + w]);
          commonB += popcount(commonWithout[withoutV + w] & unitSlots[u * SLOT_WORDS + w]);
        }
        slotChange = Math.min(target, commonA) + Math.min(target, commonB) - slotsA - slotsB;
        dJ +=
          availabilityCost *
          (availabilityA +
            availabilityB -
            Math.min(1, commonA / target) -
            Math.min(1, commonB / target));
      }
      if (floored) {
        dX += this.floorChange(gapChange, slotChange);
        if (dV === bestViolations && dX > bestExcess) continue;
      }

      if (
        dV < bestViolations ||
        dX < bestExcess ||
        (dV === bestViolations && dX === bestExcess && dJ < bestObjective)
      ) {
        bestViolations = dV;
        bestExcess = dX;
        bestObjective = dJ;
        best = v;
      }
    }
    if (best >= 0) {
      this.deltaViolations = bestViolations;
      this.deltaExcess = bestExcess;
      this.deltaObjective = bestObjective;
    }
    return best;
  }

  /**
   * Whether moving unit u into team b beats (bestViolations, bestExcess, bestObjective); if so
   * its deltas go to deltaViolations / deltaExcess / deltaObjective.
   */
  evaluateMove(
    u: number,
    b: number,
    bestViolations: number,
    bestExcess: number,
    bestObjective: number,
  ): boolean {
    const p = this.problem;
    const a = this.teamOf[u];
    const size = p.unitSize[u];
    if (this.people[a] - size < p.sizeMin || this.people[b] + size > p.sizeMax) return false;

    let dV = 0;
    if (p.unitGroupMask[u] !== 0) dV += this.isolationChange(u, -1, a, b);
    if (p.apartStart[u] !== p.apartStart[u + 1]) dV += this.apartChange(u, -1, a, b);
    if (dV > bestViolations) return false;

    const f = p.features;
    const s = this.sums;
    const ua = u * FEATURE_DIMS;
    const ta = a * FEATURE_DIMS;
    const tb = b * FEATURE_DIMS;
    let squaresA = 0;
    let squaresB = 0;
    let zA = 0;
    let zB = 0;
    for (let d = 0; d < FEATURE_DIMS; d++) {
      const sa = s[ta + d] - f[ua + d];
      const sb = s[tb + d] + f[ua + d];
      squaresA += sa * sa;
      squaresB += sb * sb;
      if (d === FACTORS - 1) {
        zA = squaresA;
        zB = squaresB;
      }
    }
    const newA = this.people[a] - size;
    const newB = this.people[b] + size;
    const dZ = zA / newA + zB / newB - this.rhoCost[a] - this.rhoCost[b];
    let dX = this.excessChange(dZ);
    const floored = this.floored;
    if (!floored && dV === bestViolations && dX > bestExcess) return false;
    let dJ = squaresA / newA + squaresB / newB - this.personalityCost[a] - this.personalityCost[b];

    let gapChange = 0;
    if (p.gapCost > 0) {
      for (let w = 0; w < p.skillWords; w++) {
        const su = p.unitSkills[u * p.skillWords + w];
        gapChange +=
          popcount(su & this.coveredOnce[a * p.skillWords + w]) -
          popcount(su & ~this.covered[b * p.skillWords + w]);
      }
      dJ += p.gapCost * gapChange;
    }

    let slotChange = 0;
    if (p.availabilityCost > 0) {
      const shortfall = 2 - this.availability[a] - this.availability[b];
      const lowestX = floored
        ? dX +
          this.floorChange(
            gapChange,
            2 * p.availabilityTarget - this.teamSlots[a] - this.teamSlots[b],
          )
        : dX;
      if (
        dV === bestViolations &&
        (lowestX > bestExcess ||
          (lowestX === bestExcess && dJ - p.availabilityCost * shortfall >= bestObjective))
      ) {
        return false;
      }
      const ra = (a * this.capacity + this.slotOf[u]) * SLOT_WORDS;
      let commonA = 0;
      let commonB = 0;
      for (let w = 0; w < SLOT_WORDS; w++) {
        commonA += popcount(this.commonWithout[ra + w]);
        commonB += popcount(this.common[b * SLOT_WORDS + w] & p.unitSlots[u * SLOT_WORDS + w]);
      }
      const target = p.availabilityTarget;
      slotChange =
        Math.min(target, commonA) +
        Math.min(target, commonB) -
        this.teamSlots[a] -
        this.teamSlots[b];
      dJ +=
        p.availabilityCost *
        (this.availability[a] +
          this.availability[b] -
          Math.min(1, commonA / p.availabilityTarget) -
          Math.min(1, commonB / p.availabilityTarget));
    }
    if (floored) {
      dX += this.floorChange(gapChange, slotChange);
      if (dV === bestViolations && dX > bestExcess) return false;
    }

    if (
      dV < bestViolations ||
      dX < bestExcess ||
      (dV === bestViolations && dX === bestExcess && dJ < bestObjective)
    ) {
      this.deltaViolations = dV;
      this.deltaExcess = dX;
      this.deltaObjective = dJ;
      return true;
    }
    return false;
  }

  /**
   * The changes in rules broken, missing skills and shared slots (min(target, common) per team)
   * if unit u swapped with unit v of team b, or, with v = -1, moved into team b; into
   * changeViolations, changeGaps and changeSlots. Sizes are the caller's to check.
   */
  changeOf(u: number, v: number, b: number): void {
    const p = this.problem;
    const a = this.teamOf[u];
    let dV = 0;
    if ((p.unitGroupMask[u] | (v >= 0 ? p.unitGroupMask[v] : 0)) !== 0) {
      dV += this.isolationChange(u, v, a, b);
    }
    if (p.apartStart[u] !== p.apartStart[u + 1]) dV += this.apartChange(u, v, a, b);
    if (v >= 0 && p.apartStart[v] !== p.apartStart[v + 1]) dV += this.apartChange(v, u, b, a);
    this.changeViolations = dV;

    const words = p.skillWords;
    let gapChange = 0;
    for (let w = 0; w < words; w++) {
      const su = p.unitSkills[u * words + w];
      const sv = v >= 0 ? p.unitSkills[v * words + w] : 0;
      if (su === sv) continue;
      const onlyU = su & ~sv;
      const onlyV = sv & ~su;
      const wa = a * words + w;
      const wb = b * words + w;
      gapChange +=
        popcount(onlyU & this.coveredOnce[wa]) -
        popcount(onlyV & ~this.covered[wa]) +
        popcount(onlyV & this.coveredOnce[wb]) -
        popcount(onlyU & ~this.covered[wb]);
    }
    this.changeGaps = gapChange;

    const withoutU = (a * this.capacity + this.slotOf[u]) * SLOT_WORDS;
    const withoutV = v >= 0 ? (b * this.capacity + this.slotOf[v]) * SLOT_WORDS : -1;
    let commonA = 0;
    let commonB = 0;
    for (let w = 0; w < SLOT_WORDS; w++) {
      commonA += popcount(
        v >= 0
          ? this.commonWithout[withoutU + w] & p.unitSlots[v * SLOT_WORDS + w]
          : this.commonWithout[withoutU + w],
      );
      commonB += popcount(
        (v >= 0 ? this.commonWithout[withoutV + w] : this.common[b * SLOT_WORDS + w]) &
          p.unitSlots[u * SLOT_WORDS + w],
      );
    }
    const target = p.availabilityTarget;
    this.changeSlots =
      Math.min(target, commonA) + Math.min(target, commonB) - this.teamSlots[a] - this.teamSlots[b];
  }

  /** Change in isolated groups when unit u goes from team a to team b and unit v (or none, -1) back. */
  private isolationChange(u: number, v: number, a: number, b: number): number {
    const p = this.problem;
    const rules = p.ruleCount;
    let change = 0;
    let mask = p.unitGroupMask[u] | (v >= 0 ? p.unitGroupMask[v] : 0);
    for (; mask !== 0; mask &= mask - 1) {
      const r = 31 - Math.clz32(mask & -mask);
      const moved =
        p.unitGroupCount[u * rules + r] - (v >= 0 ? p.unitGroupCount[v * rules + r] : 0);
      if (moved === 0) continue;
      const inA = this.groupCounts[a * rules + r];
      const inB = this.groupCounts[b * rules + r];
      change += +(inA - moved === 1) - +(inA === 1) + +(inB + moved === 1) - +(inB === 1);
    }
    return change;
  }

  /** Change in keep_apart pairs sharing a team when unit u goes from a to b (v comes back). */
  private apartChange(u: number, v: number, a: number, b: number): number {
    const p = this.problem;
    let change = 0;
    for (let e = p.apartStart[u]; e < p.apartStart[u + 1]; e++) {
      const w = p.apartUnits[e];
      if (w === v) continue;
      const t = this.teamOf[w];
      if (t === b) change++;
      else if (t === a) change--;
    }
    return change;
  }

  private place(u: number, t: number, slot: number): void {
    this.teamOf[u] = t;
    this.slotOf[u] = slot;
    this.members[t * this.capacity + slot] = u;
  }

  /** Recomputes team t's aggregates from its members and updates the totals. */
  private refreshTeam(t: number): void {
    const p = this.problem;
    const first = t * this.capacity;
    const count = this.unitsIn[t];

    let people = 0;
    const sums = t * FEATURE_DIMS;
    this.sums.fill(0, sums, sums + FEATURE_DIMS);
    for (let m = 0; m < count; m++) {
      const u = this.members[first + m];
      people += p.unitSize[u];
      for (let d = 0; d < FEATURE_DIMS; d++)
        this.sums[sums + d] += p.features[u * FEATURE_DIMS + d];
    }
    this.people[t] = people;
    let squares = 0;
    let zSquares = 0;
    for (let d = 0; d < FEATURE_DIMS; d++) {
      squares += this.sums[sums + d] ** 2;
      if (d === FACTORS - 1) zSquares = squares;
    }
    this.personalityCost[t] = people > 0 ? squares / people : 0;
    const rho = people > 0 ? zSquares / people : 0;
    this.rhoTotal += rho - this.rhoCost[t];
    this.rhoCost[t] = rho;

    const counts = t * p.skillCount;
    this.skillUnits.fill(0, counts, counts + p.skillCount);
    for (let m = 0; m < count; m++) {
      const u = this.members[first + m];
      for (let s = 0; s < p.skillCount; s++) {
        this.skillUnits[counts + s] +=
          (p.unitSkills[u * p.skillWords + (s >>> 5)] >>> (s & 31)) & 1;
      }
    }
    let gaps = 0;
    for (let w = 0; w < p.skillWords; w++) {
      let covered = 0;
      let once = 0;
      for (let s = w * 32; s < Math.min(p.skillCount, w * 32 + 32); s++) {
        const held = this.skillUnits[counts + s];
        if (held > 0) covered |= 1 << (s & 31);
        if (held === 1) once |= 1 << (s & 31);
      }
      this.covered[t * p.skillWords + w] = covered;
      this.coveredOnce[t * p.skillWords + w] = once;
      gaps -= popcount(covered);
    }
    this.gapTotal += gaps + p.skillCount - this.gaps[t];
    this.gaps[t] = gaps + p.skillCount;

    let commonSlots = 0;
    for (let w = 0; w < SLOT_WORDS; w++) {
      let common = WEEK[w];
      for (let m = 0; m < count; m++)
        common &= p.unitSlots[this.members[first + m] * SLOT_WORDS + w];
      this.common[t * SLOT_WORDS + w] = common;
      commonSlots += popcount(common);
      for (let skip = 0; skip < count; skip++) {
        let without = WEEK[w];
        for (let m = 0; m < count; m++) {
          if (m !== skip) without &= p.unitSlots[this.members[first + m] * SLOT_WORDS + w];
        }
        this.commonWithout[(first + skip) * SLOT_WORDS + w] = without;
      }
    }
    this.availability[t] = Math.min(1, commonSlots / p.availabilityTarget);
    const slots = Math.min(p.availabilityTarget, commonSlots);
    this.slotTotal += slots - this.teamSlots[t];
    this.teamSlots[t] = slots;

    let violations = 0;
    for (let r = 0; r < p.ruleCount; r++) {
      let inGroup = 0;
      for (let m = 0; m < count; m++)
        inGroup += p.unitGroupCount[this.members[first + m] * p.ruleCount + r];
      this.groupCounts[t * p.ruleCount + r] = inGroup;
      if (inGroup === 1) violations++;
    }
    let apartPairs = 0;
    for (let m = 0; m < count; m++) {
      const u = this.members[first + m];
      for (let e = p.apartStart[u]; e < p.apartStart[u + 1]; e++) {
        if (this.teamOf[p.apartUnits[e]] === t) apartPairs++;
      }
    }
    violations += apartPairs / 2;
    this.violations += violations - this.teamViolations[t];
    this.teamViolations[t] = violations;

    const cost =
      this.personalityCost[t] +
      p.gapCost * this.gaps[t] +
      p.availabilityCost * (1 - this.availability[t]);
    this.objective += cost - this.teamCost[t];
    this.teamCost[t] = cost;
  }
}
