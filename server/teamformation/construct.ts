import { SLOT_WORDS, popcount } from './cohort';
import { Partition } from './partition';
import type { Plan } from './plan';
import { FEATURE_DIMS, type SearchProblem } from './problem';
import { shuffle, type Random } from './random';

/** Teams filled together by the greedy: enough choice to balance, few enough to stay local. */
const BAND_TEAMS = 8;

const HOUR_SIN = Float64Array.from({ length: 24 }, (_, h) => Math.sin((2 * Math.PI * h) / 24));
const HOUR_COS = Float64Array.from({ length: 24 }, (_, h) => Math.cos((2 * Math.PI * h) / 24));

/**
 * A one-number summary of when a unit is free, so that sorting by it puts people who share
 * hours next to each other: the circular mean hour of day (UTC), plus 24 for mostly-weekend
 * patterns. Always free (unknown) sorts last, never free first.
 */
function availabilityKey(problem: SearchProblem, u: number): number {
  let count = 0;
  let weekend = 0;
  let sin = 0;
  let cos = 0;
  for (let slot = 0; slot < 168; slot++) {
    if (((problem.unitSlots[u * SLOT_WORDS + (slot >>> 5)] >>> (slot & 31)) & 1) === 0) continue;
    count++;
    if (slot >= 120) weekend++;
    sin += HOUR_SIN[slot % 24];
    cos += HOUR_COS[slot % 24];
  }
  if (count === 0) return -1;
  if (count === 168) return 48;
  const hour = ((Math.atan2(sin, cos) / (2 * Math.PI)) * 24 + 24) % 24;
  return hour + (2 * weekend > count ? 24 : 0);
}

/** Cost of adding unit u to the partly filled team t, judged against t's final size. */
function additionCost(partition: Partition, u: number, t: number, finalSize: number): number {
  const p = partition.problem;
  let dot = 0;
  let norm = 0;
  for (let d = 0; d < FEATURE_DIMS; d++) {
    const x = p.features[u * FEATURE_DIMS + d];
    dot += partition.sums[t * FEATURE_DIMS + d] * x;
    norm += x * x;
  }
  let cost = (2 * dot + norm) / finalSize;
  for (let w = 0; w < p.skillWords; w++) {
    cost -=
      p.gapCost *
      popcount(p.unitSkills[u * p.skillWords + w] & ~partition.covered[t * p.skillWords + w]);
  }
  if (p.availabilityCost > 0) {
    let common = 0;
    for (let w = 0; w < SLOT_WORDS; w++) {
      common += popcount(partition.common[t * SLOT_WORDS + w] & p.unitSlots[u * SLOT_WORDS + w]);
    }
    cost +=
      p.availabilityCost * (partition.availability[t] - Math.min(1, common / p.availabilityTarget));
  }
  return cost;
}

/**
 * The first split: packed keep_together units stay where the plan put them, then the rest fill
 * the teams. With `greedy`, people are sorted by when they are free and each band of
 * BAND_TEAMS teams takes the next stretch of them, most distinctive first, each into the
 * team it suits best; otherwise teams fill in seeded random order.
 */
export function buildFirstSplit(
  problem: SearchProblem,
  plan: Plan,
  random: Random,
  greedy: boolean,
): Partition {
  const partition = new Partition(problem);
  const singles: number[] = [];
  for (let u = 0; u < problem.unitCount; u++) {
    if (plan.packedTeam[u] >= 0) partition.add(u, plan.packedTeam[u]);
    else singles.push(u);
  }
  const order = [...shuffle(Int32Array.from(singles), random)];
  const room = (t: number): number => plan.targetSizes[t] - partition.people[t];
  if (!greedy) {
    let next = 0;
    for (let t = 0; t < problem.teamCount; t++) {
      while (room(t) > 0) partition.add(order[next++], t);
    }
    return partition;
  }

  if (problem.availabilityCost > 0) {
    const key = new Float64Array(problem.unitCount);
    for (const u of order) key[u] = availabilityKey(problem, u);
    order.sort((a, b) => key[a] - key[b]);
  }
  let next = 0;
  for (let first = 0; first < problem.teamCount; first += BAND_TEAMS) {
    const last = Math.min(problem.teamCount, first + BAND_TEAMS);
    let places = 0;
    for (let t = first; t < last; t++) places += room(t);
    const band = order
      .slice(next, next + places)
      .sort((a, b) => problem.featureNorms[b] - problem.featureNorms[a]);
    next += places;
    for (const u of band) {
      let best = -1;
      let bestCost = Infinity;
      for (let t = first; t < last; t++) {
        if (room(t) === 0) continue;
        const cost = additionCost(partition, u, t, plan.targetSizes[t]);
        if (cost < bestCost) {
          best = t;
          bestCost = cost;
        }
      }
      partition.add(u, best);
    }
  }
  return partition;
}
