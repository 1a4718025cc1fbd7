import type { Floors } from './balance';
import { SLOT_WORDS as slotWords, popcount as countBits } from './cohort';
import type { Partition } from './partition';
import { FEATURE_DIMS as featureDims } from './problem';
import { shuffle, type Random } from './random';

// Module-local copies: imported bindings are getter calls once transpiled (see partition.ts).
const SLOT_WORDS = slotWords;
const FEATURE_DIMS = featureDims;
const popcount = countBits;
/** The five factors come first among the features. */
const FACTORS = 5;
/** Units that may take each unit's place: the nearest to the ideal replacement that fit. */
const PARTNERS = 10;
/** Most teams in one cycle (two is a plain exchange). */
const CYCLE_LENGTH = 6;
/** Units per leaf of the k-d trees. */
const LEAF = 8;
/** Required skills up to which units are also grouped by the skills they hold. */
const SKILL_KINDS_MAX = 10;
/** Random picks per kick to find its exchanges that keep rules and floors. */
const KICK_TRIES = 200;
/** A round that applies fewer cycles than one per this many units is the last. */
const LAST_ROUND_UNITS = 500;
/** Improvements smaller than this are rounding noise. */
const EPSILON = 1e-12;

/**
 * Cyclic exchanges on the five factors under floors on skills and shared hours (issue 35):
 * unit c1 takes the place of c0 in c0's team, c2 that of c1, ... and c0 that of the last, each
 * team of the cycle losing one unit and gaining one of the same size. A team's change depends
 * only on who leaves it and who enters it, so each step is judged alone, exactly.
 *
 * The units that may take v's place in its team b are the PARTNERS nearest to the ideal
 * replacement z_v - S_b (S_b the factor sum of b, so the ideal leaves b on the cohort's mean)
 * among those that break no rule there, keep b's shared slots and leave it no skill short,
 * except a skill some team lacks (held by fewer units than there are teams), which the cycle
 * may give to another team. They are found in k-d trees on the factors, one per kind of unit
 * (the skills it holds and its no_isolated members), passing over kinds that cannot fit; the
 * lists of changed teams are rebuilt each round.
 *
 * From each unit in turn, a depth-first search over replacements while the running change of
 * rho stays negative (the gain criterion of Lin-Kernighan) closes the cycle back to the first
 * unit; the best cycle that lowers rho, breaks no more rules and keeps the floors (or, where a
 * floor is not met, does not worsen it) is applied. Rounds go on until one applies fewer than
 * one cycle per LAST_ROUND_UNITS units (at least one) or `budget` evaluations are spent.
 * With `kicks`, the rest of the budget goes to iterated local search: a few random exchanges,
 * the rounds again, undone unless rho fell. Returns the evaluations spent.
 */
export function cycleExchange(
  partition: Partition,
  random: Random,
  budget: number,
  floors: Floors,
  kicks = false,
): number {
  const p = partition.problem;
  const teams = p.teamCount;
  const units = p.unitCount;
  if (teams < 3 || p.rhoWeight === 0) return 0;
  const { teamOf, slotOf, people, sums, rhoCost, covered, coveredOnce, commonWithout } = partition;
  const { teamSlots, groupCounts } = partition;
  const { unitSize, features, unitSkills, unitSlots, unitGroupMask, unitGroupCount } = p;
  const { apartStart, apartUnits, skillWords, ruleCount } = p;
  const target = p.availabilityTarget;
  const capacity = partition.capacity;
  const maxLength = Math.min(CYCLE_LENGTH, teams);

  const z = new Float64Array(units * FACTORS);
  for (let u = 0; u < units; u++) {
    for (let f = 0; f < FACTORS; f++) z[u * FACTORS + f] = features[u * FEATURE_DIMS + f];
  }
  // Skills fewer units hold than there are teams: some team lacks each, so a cycle may move
  // one from team to team and still cover as many.
  const rareSkills = new Uint32Array(skillWords);
  for (let s = 0; s < p.skillCount; s++) {
    let holders = 0;
    for (let u = 0; u < units; u++) {
      holders += (unitSkills[u * skillWords + (s >>> 5)] >>> (s & 31)) & 1;
    }
    if (holders < teams) rareSkills[s >>> 5] |= 1 << (s & 31);
  }

  let evaluations = 0;
  /** Change of w_p rho in v's team when u takes v's place. */
  const rhoStep = (u: number, v: number): number => {
    const b = teamOf[v];
    let squares = 0;
    for (let f = 0; f < FACTORS; f++) {
      const s = sums[b * FEATURE_DIMS + f] - z[v * FACTORS + f] + z[u * FACTORS + f];
      squares += s * s;
    }
    return squares / people[b] - rhoCost[b];
  };
  // The rest of a step's changes in v's team: shared slots, missing skills, rules broken.
  let stepSlots = 0;
  let stepGaps = 0;
  let stepViolations = 0;
  const ruleStep = (u: number, v: number): void => {
    const b = teamOf[v];
    const without = (b * capacity + slotOf[v]) * SLOT_WORDS;
    let common = 0;
    for (let w = 0; w < SLOT_WORDS; w++) {
      common += popcount(commonWithout[without + w] & unitSlots[u * SLOT_WORDS + w]);
    }
    stepSlots = Math.min(target, common) - teamSlots[b];
    stepGaps = gapStep(u, v, b);
    stepViolations = violationStep(u, v, b);
  };
  const gapStep = (u: number, v: number, b: number): number => {
    let gaps = 0;
    for (let w = 0; w < skillWords; w++) {
      const su = unitSkills[u * skillWords + w];
      const sv = unitSkills[v * skillWords + w];
      if (su === sv) continue;
      gaps +=
        popcount(sv & ~su & coveredOnce[b * skillWords + w]) -
        popcount(su & ~sv & ~covered[b * skillWords + w]);
    }
    return gaps;
  };
  const violationStep = (u: number, v: number, b: number): number => {
    let violations = 0;
    for (let mask = unitGroupMask[u] | unitGroupMask[v]; mask !== 0; mask &= mask - 1) {
      const r = 31 - Math.clz32(mask & -mask);
      const moved = unitGroupCount[u * ruleCount + r] - unitGroupCount[v * ruleCount + r];
      if (moved === 0) continue;
      const inB = groupCounts[b * ruleCount + r];
      violations += +(inB + moved === 1) - +(inB === 1);
    }
    for (let e = apartStart[u]; e < apartStart[u + 1]; e++) {
      const w = apartUnits[e];
      if (w !== v && teamOf[w] === b) violations++;
    }
    for (let e = apartStart[v]; e < apartStart[v + 1]; e++) {
      if (teamOf[apartUnits[e]] === b) violations--;
    }
    return violations;
  };

  /**
   * Whether u may take v's place in v's team b: no more rules broken, no fewer shared slots,
   * no skill lost but at most one that some team lacks. The cheap tests first.
   */
  const fits = (u: number, v: number): boolean => {
    const b = teamOf[v];
    const gaps = gapStep(u, v, b);
    if (gaps > 1) return false;
    if (gaps === 1) {
      for (let w = 0; w < skillWords; w++) {
        const lost = unitSkills[v * skillWords + w] & ~unitSkills[u * skillWords + w];
        if ((lost & coveredOnce[b * skillWords + w] & ~rareSkills[w]) !== 0) return false;
      }
    }
    if (violationStep(u, v, b) > 0) return false;
    const slots = teamSlots[b];
    if (slots === 0) return true;
    const without = (b * capacity + slotOf[v]) * SLOT_WORDS;
    let common = 0;
    for (let w = 0; w < SLOT_WORDS; w++) {
      common += popcount(commonWithout[without + w] & unitSlots[u * SLOT_WORDS + w]);
    }
    return Math.min(target, common) >= slots;
  };

  // k-d trees on the factors (they never change), one per kind of unit: the skills it holds
  // (when there are few required skills) and how many members of the first no_isolated group
  // it holds. `tree` holds each kind's units in a range; an inner node's split dimension is
  // stored at its middle position, leaves hold up to LEAF units.
  const skillKinds = skillWords === 1 && p.skillCount <= SKILL_KINDS_MAX;
  const kindOf = new Int32Array(units);
  for (let u = 0; u < units; u++) {
    const skills = skillKinds ? unitSkills[u] : 0;
    const group = ruleCount > 0 ? Math.min(2, unitGroupCount[u * ruleCount]) : 0;
    kindOf[u] = skills * 3 + group;
  }
  const tree = Int32Array.from({ length: units }, (_, u) => u).sort(
    (x, y) => kindOf[x] - kindOf[y] || x - y,
  );
  const splitDim = new Int8Array(units);
  const splitValue = new Float64Array(units);
  const buildTree = (lo: number, hi: number): void => {
    if (hi - lo <= LEAF) return;
    let dim = 0;
    let widest = -1;
    for (let f = 0; f < FACTORS; f++) {
      let min = Infinity;
      let max = -Infinity;
      for (let i = lo; i < hi; i++) {
        const value = z[tree[i] * FACTORS + f];
        if (value < min) min = value;
        if (value > max) max = value;
      }
      if (max - min > widest) {
        widest = max - min;
        dim = f;
      }
    }
    const part = Array.from(tree.subarray(lo, hi)).sort(
      (x, y) => z[x * FACTORS + dim] - z[y * FACTORS + dim] || x - y,
    );
    tree.set(part, lo);
    const mid = (lo + hi) >> 1;
    splitDim[mid] = dim;
    splitValue[mid] = z[tree[mid] * FACTORS + dim];
    buildTree(lo, mid);
    buildTree(mid, hi);
  };
  const kindStart: number[] = [];
  for (let i = 0; i < units; i++) {
    if (i === 0 || kindOf[tree[i]] !== kindOf[tree[i - 1]]) kindStart.push(i);
  }
  kindStart.push(units);
  const kinds = kindStart.length - 1;
  const kindSkills = new Uint32Array(kinds);
  const kindGroup = new Int32Array(kinds);
  const kindIndex = new Int32Array(units);
  // Each kind's bounding box on the factors: a kind wholly further than the list's worst
  // partner is passed over.
  const kindLow = new Float64Array(kinds * FACTORS).fill(Infinity);
  const kindHigh = new Float64Array(kinds * FACTORS).fill(-Infinity);
  for (let k = 0; k < kinds; k++) {
    for (let i = kindStart[k]; i < kindStart[k + 1]; i++) {
      kindIndex[tree[i]] = k;
      for (let f = 0; f < FACTORS; f++) {
        const value = z[tree[i] * FACTORS + f];
        if (value < kindLow[k * FACTORS + f]) kindLow[k * FACTORS + f] = value;
        if (value > kindHigh[k * FACTORS + f]) kindHigh[k * FACTORS + f] = value;
      }
    }
    const kind = kindOf[tree[kindStart[k]]];
    kindSkills[k] = Math.floor(kind / 3);
    kindGroup[k] = kind % 3;
    buildTree(kindStart[k], kindStart[k + 1]);
  }

  // The factors in tree order, read leaf by leaf; the ideal replacement being searched for.
  const treeZ = new Float64Array(units * FACTORS);
  for (let i = 0; i < units; i++) {
    for (let f = 0; f < FACTORS; f++) treeZ[i * FACTORS + f] = z[tree[i] * FACTORS + f];
  }
  let ideal0 = 0;
  let ideal1 = 0;
  let ideal2 = 0;
  let ideal3 = 0;
  let ideal4 = 0;

  // Partner lists: for each unit v, the units that may take its place, nearest to the ideal
  // first, -1 after the last.
  const lists = new Int32Array(units * PARTNERS).fill(-1);
  // Each listed step's changes as built; still exact while v's team is unchanged (a step
  // depends only on that team, v and the unit taking its place).
  const listRho = new Float64Array(units * PARTNERS);
  const listSlots = new Int32Array(units * PARTNERS);
  const listGaps = new Int32Array(units * PARTNERS);
  const listViolations = new Int32Array(units * PARTNERS);
  const distances = new Float64Array(PARTNERS);
  const ideal = new Float64Array(FACTORS);
  let listUnit = 0;
  let listCount = 0;
  let listThreshold = Infinity;
  /** Offers u, at `distance` from the ideal (under the list's worst), for listUnit's place. */
  const consider = (u: number, distance: number): void => {
    const v = listUnit;
    if (unitSize[u] !== unitSize[v] || teamOf[u] === teamOf[v]) return;
    evaluations += 2;
    if (!fits(u, v)) return;
    const first = v * PARTNERS;
    let i = listCount < PARTNERS ? listCount++ : PARTNERS - 1;
    while (i > 0 && distances[i - 1] > distance) {
      distances[i] = distances[i - 1];
      lists[first + i] = lists[first + i - 1];
      i--;
    }
    distances[i] = distance;
    lists[first + i] = u;
    if (listCount === PARTNERS) listThreshold = distances[PARTNERS - 1];
  };
  const nearest = (lo: number, hi: number): void => {
    evaluations++;
    if (hi - lo <= LEAF) {
      evaluations += hi - lo;
      for (let i = lo; i < hi; i++) {
        const q = i * FACTORS;
        const d0 = treeZ[q] - ideal0;
        const d1 = treeZ[q + 1] - ideal1;
        const d2 = treeZ[q + 2] - ideal2;
        const d3 = treeZ[q + 3] - ideal3;
        const d4 = treeZ[q + 4] - ideal4;
        const distance = d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3 + d4 * d4;
        if (distance < listThreshold) consider(tree[i], distance);
      }
      return;
    }
    const mid = (lo + hi) >> 1;
    const dim = splitDim[mid];
    const gap = ideal[dim] - splitValue[mid];
    if (gap < 0) {
      nearest(lo, mid);
      if (gap * gap < listThreshold) nearest(mid, hi);
    } else {
      nearest(mid, hi);
      if (gap * gap < listThreshold) nearest(lo, mid);
    }
  };
  /** Teams changed since their members' lists were built (all of them at first). */
  const changed = new Uint8Array(teams).fill(1);
  const buildLists = (): void => {
    for (let v = 0; v < units; v++) {
      const b = teamOf[v];
      if (changed[b] === 0) continue;
      for (let f = 0; f < FACTORS; f++) ideal[f] = z[v * FACTORS + f] - sums[b * FEATURE_DIMS + f];
      ideal0 = ideal[0];
      ideal1 = ideal[1];
      ideal2 = ideal[2];
      ideal3 = ideal[3];
      ideal4 = ideal[4];
      listUnit = v;
      listCount = 0;
      listThreshold = Infinity;
      // Kinds that lack two skills v alone covers in b, or a common one, or that would leave
      // b one group member when it leaves none alone now, cannot fit.
      const needed = skillKinds ? unitSkills[v] & coveredOnce[b] : 0;
      const groupLeft =
        ruleCount > 0 && groupCounts[b * ruleCount] !== 1
          ? groupCounts[b * ruleCount] - unitGroupCount[v * ruleCount]
          : -1;
      // v's own kind first: it fits most often, so the lists fill and the search narrows early.
      const own = kindIndex[v];
      nearest(kindStart[own], kindStart[own + 1]);
      for (let k = 0; k < kinds; k++) {
        const missing = needed & ~kindSkills[k];
        if (k === own || popcount(missing) > 1 || (missing & ~rareSkills[0]) !== 0) continue;
        if (groupLeft >= 0 && groupLeft + kindGroup[k] === 1) continue;
        let boxDistance = 0;
        for (let f = 0; f < FACTORS; f++) {
          const below = kindLow[k * FACTORS + f] - ideal[f];
          const above = ideal[f] - kindHigh[k * FACTORS + f];
          const gap = below > 0 ? below : above > 0 ? above : 0;
          boxDistance += gap * gap;
        }
        if (boxDistance >= listThreshold) continue;
        nearest(kindStart[k], kindStart[k + 1]);
      }
      evaluations += kinds;
      for (let i = listCount; i < PARTNERS; i++) lists[v * PARTNERS + i] = -1;
      for (let i = v * PARTNERS; i < v * PARTNERS + listCount; i++) {
        const u = lists[i];
        listRho[i] = rhoStep(u, v);
        ruleStep(u, v);
        listSlots[i] = stepSlots;
        listGaps[i] = stepGaps;
        listViolations[i] = stepViolations;
      }
      evaluations += 5 * listCount;
    }
    changed.fill(0);
  };

  // The search from one unit: path[0] is the start, path[i + 1] takes path[i]'s place.
  const path = new Int32Array(maxLength);
  const pathTeams = new Int32Array(maxLength);
  const best = new Int32Array(maxLength);
  let bestLength = 0;
  let bestChange = 0;

  /** Extends path[0..depth] (its running changes given) and records the best closing cycle. */
  const extend = (
    depth: number,
    rho: number,
    slots: number,
    gaps: number,
    violations: number,
  ): void => {
    const last = path[depth];
    if (depth >= 1) {
      // Close: the start takes the last unit's place.
      const start = path[0];
      const change = rho + rhoStep(start, last);
      evaluations++;
      if (change < bestChange - EPSILON) {
        ruleStep(start, last);
        evaluations += 4;
        const slotsAfter = slots + stepSlots;
        const gapsAfter = gaps + stepGaps;
        if (
          violations + stepViolations <= 0 &&
          (gapsAfter <= 0 || partition.gapTotal + gapsAfter <= floors.gaps) &&
          (slotsAfter >= 0 || partition.slotTotal + slotsAfter >= floors.slots)
        ) {
          bestChange = change;
          bestLength = depth + 1;
          best.set(path.subarray(0, depth + 1));
        }
      }
    }
    if (depth + 1 >= maxLength || evaluations >= budget) return;
    const first = last * PARTNERS;
    const cached = changed[teamOf[last]] === 0;
    for (let i = first; i < first + PARTNERS; i++) {
      const u = lists[i];
      if (u < 0) break;
      const team = teamOf[u];
      let seen = false;
      for (let d = 0; d <= depth; d++) if (pathTeams[d] === team) seen = true;
      if (seen) continue;
      evaluations++;
      path[depth + 1] = u;
      pathTeams[depth + 1] = team;
      if (cached) {
        const step = rho + listRho[i];
        if (step >= -EPSILON) continue;
        extend(
          depth + 1,
          step,
          slots + listSlots[i],
          gaps + listGaps[i],
          violations + listViolations[i],
        );
      } else {
        const step = rho + rhoStep(u, last);
        if (step >= -EPSILON) continue;
        ruleStep(u, last);
        evaluations += 4;
        extend(depth + 1, step, slots + stepSlots, gaps + stepGaps, violations + stepViolations);
      }
    }
  };

  const order = shuffle(
    Int32Array.from({ length: units }, (_, u) => u),
    random,
  );
  // Swaps since the last split kept, to undo a kick that did not pay.
  const undo: number[] = [];
  const swap = (u: number, v: number): void => {
    changed[teamOf[u]] = 1;
    changed[teamOf[v]] = 1;
    partition.swap(u, v);
    undo.push(u, v);
  };
  // Rounds go on while they apply a few cycles: the last rounds mostly search in vain.
  const fewest = Math.max(1, Math.floor(units / LAST_ROUND_UNITS));
  const descend = (): void => {
    for (let applied = fewest; applied >= fewest && evaluations < budget;) {
      buildLists();
      applied = 0;
      for (const start of order) {
        if (evaluations >= budget) break;
        path[0] = start;
        pathTeams[0] = teamOf[start];
        bestLength = 0;
        bestChange = 0;
        extend(0, 0, 0, 0, 0);
        if (bestLength < 2) continue;
        // best[i + 1] takes best[i]'s place and best[0] the last one's: swapping the start
        // with each in turn walks it round the cycle.
        for (let i = 1; i < bestLength; i++) swap(best[0], best[i]);
        applied++;
      }
    }
  };
  descend();

  // Then, with `kicks`, while the budget lasts (at 5,000 people it ends above): two to four
  // random exchanges that keep rules and floors, the cycles again from every unit (a cycle
  // through a kicked team may start anywhere; starting only in those teams did worse), and
  // back to the split before unless rho fell (iterated local search).
  while (kicks && evaluations < budget) {
    undo.length = 0;
    const before = partition.rhoTotal;
    const swaps = 2 + random.int(3);
    for (let done = 0, tries = 0; done < swaps && tries < KICK_TRIES; tries++) {
      const u = random.int(units);
      const v = random.int(units);
      const b = teamOf[v];
      if (b === teamOf[u] || unitSize[u] !== unitSize[v]) continue;
      partition.changeOf(u, v, b);
      evaluations += 8;
      if (partition.changeViolations > 0) continue;
      if (partition.gapTotal + partition.changeGaps > Math.max(floors.gaps, partition.gapTotal)) {
        continue;
      }
      if (
        partition.slotTotal + partition.changeSlots <
        Math.min(floors.slots, partition.slotTotal)
      ) {
        continue;
      }
      swap(u, v);
      done++;
    }
    // No exchange keeps rules and floors here: kicks cannot move, and would spend nothing.
    if (undo.length === 0) break;
    descend();
    if (partition.rhoTotal < before - EPSILON) continue;
    for (let i = undo.length - 2; i >= 0; i -= 2) swap(undo[i], undo[i + 1]);
  }
  return Math.min(evaluations, budget);
}
