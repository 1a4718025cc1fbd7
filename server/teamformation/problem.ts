import { FACTOR_COUNT, SLOT_WORDS, type Cohort } from './cohort';
import type { Plan } from './plan';
import type { Weights } from './schema';
import { randomSplitScale } from './score';

/** Personality features: the five z-scores, then the five centred squared deviations. */
export const FEATURE_DIMS = 2 * FACTOR_COUNT;

/**
 * The search's view of a cohort: everything per unit (a keep_together group or one person),
 * scaled so that the objective J is a sum of per-team costs.
 */
export interface SearchProblem {
  teamCount: number;
  unitCount: number;
  sizeMin: number;
  sizeMax: number;
  unitSize: Int32Array;
  /**
   * unitCount x FEATURE_DIMS sums of member features, weighted so that
   * sum over teams of |team sum|^2 / |team| = w_p rho + w_s rho2.
   */
  features: Float64Array;
  /** |features|^2 of each unit. */
  featureNorms: Float64Array;
  /** The five factors' part of featureNorms. */
  zNorms: Float64Array;
  /** w_p: the sum of the teams' five-factor costs is rhoWeight * rho. */
  rhoWeight: number;
  /**
   * unitCount x NEIGHBOURS units of the same size nearest in feature space (nearest first,
   * -1 when there are fewer): swapping two of them moves the balance little, so they are the
   * partners that fine-tune it, and that trade skills and hours without undoing it.
   */
  neighbours: Int32Array;
  skillCount: number;
  skillWords: number;
  unitSkills: Uint32Array;
  /** Cost of one required skill a team lacks: w_k / (K * skills). */
  gapCost: number;
  unitSlots: Uint32Array;
  availabilityTarget: number;
  /** Cost of a team with no common slot: w_a / K. */
  availabilityCost: number;
  /** w_a as a share of all weights. */
  availabilityShare: number;
  ruleCount: number;
  /** Bit r set when the unit holds a member of no_isolated rule r's group. */
  unitGroupMask: Uint32Array;
  /** unitCount x ruleCount member counts per group. */
  unitGroupCount: Int32Array;
  /** Compressed adjacency of keep_apart pairs between units (one entry per pair). */
  apartStart: Int32Array;
  apartUnits: Int32Array;
}

/** Partners per unit in the neighbour lists. */
export const NEIGHBOURS = 24;

/**
 * The NEIGHBOURS units of the same size nearest to each unit in feature space, by brute force
 * (5,000 units: 12.5 million distances, about 0.1 s).
 */
function nearestUnits(features: Float64Array, unitSize: Int32Array, unitCount: number): Int32Array {
  const neighbours = new Int32Array(unitCount * NEIGHBOURS).fill(-1);
  const distances = new Float64Array(unitCount * NEIGHBOURS).fill(Infinity);
  const dims = FEATURE_DIMS;
  for (let u = 0; u < unitCount; u++) {
    for (let v = u + 1; v < unitCount; v++) {
      if (unitSize[u] !== unitSize[v]) continue;
      let distance = 0;
      for (let d = 0; d < dims; d++) {
        const diff = features[u * dims + d] - features[v * dims + d];
        distance += diff * diff;
      }
      insertNeighbour(neighbours, distances, u, v, distance);
      insertNeighbour(neighbours, distances, v, u, distance);
    }
  }
  return neighbours;
}

function insertNeighbour(
  neighbours: Int32Array,
  distances: Float64Array,
  u: number,
  v: number,
  distance: number,
): void {
  const first = u * NEIGHBOURS;
  let i = first + NEIGHBOURS - 1;
  if (distance >= distances[i]) return;
  while (i > first && distances[i - 1] > distance) {
    distances[i] = distances[i - 1];
    neighbours[i] = neighbours[i - 1];
    i--;
  }
  distances[i] = distance;
  neighbours[i] = v;
}

/**
 * The search problem for the cohort's weights, or for `weights` when given (a proposal that
 * weighs balance more); `neighbours` from an earlier build of the same cohort are reused.
 */
export function buildSearchProblem(
  cohort: Cohort,
  plan: Plan,
  optimise: boolean,
  weights: Weights = cohort.input.weights,
  neighbours?: Int32Array,
): SearchProblem {
  const { units, teamCount } = plan;
  const n = cohort.size;
  const unitCount = units.length;
  const ruleCount = cohort.input.no_isolated.length;
  const skillWords = cohort.skillWords;

  const featureScale = (values: Float64Array, weight: number): number => {
    let total = 0;
    for (const v of values) total += v * v;
    const scale = randomSplitScale(total, n, teamCount);
    return optimise && scale > 0 ? Math.sqrt(weight / scale) : 0;
  };
  const zScale = featureScale(cohort.z, weights.personality);
  const spreadScale = featureScale(cohort.spread, weights.spread);

  const unitSize = new Int32Array(unitCount);
  const features = new Float64Array(unitCount * FEATURE_DIMS);
  const unitSkills = new Uint32Array(unitCount * skillWords);
  const unitSlots = new Uint32Array(unitCount * SLOT_WORDS).fill(0xffffffff);
  const unitGroupMask = new Uint32Array(unitCount);
  const unitGroupCount = new Int32Array(unitCount * ruleCount);
  const unitOf = new Int32Array(n);
  units.forEach((members, u) => {
    unitSize[u] = members.length;
    for (const i of members) {
      unitOf[i] = u;
      for (let f = 0; f < FACTOR_COUNT; f++) {
        features[u * FEATURE_DIMS + f] += zScale * cohort.z[i * FACTOR_COUNT + f];
        features[u * FEATURE_DIMS + FACTOR_COUNT + f] +=
          spreadScale * cohort.spread[i * FACTOR_COUNT + f];
      }
      for (let w = 0; w < skillWords; w++) {
        unitSkills[u * skillWords + w] |= cohort.skillMasks[i * skillWords + w];
      }
      for (let w = 0; w < SLOT_WORDS; w++)
        unitSlots[u * SLOT_WORDS + w] &= cohort.slots[i * SLOT_WORDS + w];
      unitGroupMask[u] |= cohort.groupMasks[i];
      for (let r = 0; r < ruleCount; r++)
        unitGroupCount[u * ruleCount + r] += (cohort.groupMasks[i] >>> r) & 1;
    }
  });

  const featureNorms = new Float64Array(unitCount);
  const zNorms = new Float64Array(unitCount);
  for (let u = 0; u < unitCount; u++) {
    for (let d = 0; d < FEATURE_DIMS; d++) {
      featureNorms[u] += features[u * FEATURE_DIMS + d] ** 2;
      if (d === FACTOR_COUNT - 1) zNorms[u] = featureNorms[u];
    }
  }

  // Pairs inside one unit can never be separated; planTeams reports them.
  const apartPairs = cohort.keepApart
    .map(([a, b]) => [unitOf[a], unitOf[b]])
    .filter(([a, b]) => a !== b);
  const apartStart = new Int32Array(unitCount + 1);
  for (const [a, b] of apartPairs) {
    apartStart[a + 1]++;
    apartStart[b + 1]++;
  }
  for (let u = 0; u < unitCount; u++) apartStart[u + 1] += apartStart[u];
  const apartUnits = new Int32Array(apartStart[unitCount]);
  const filled = apartStart.slice(0, unitCount);
  for (const [a, b] of apartPairs) {
    apartUnits[filled[a]++] = b;
    apartUnits[filled[b]++] = a;
  }

  const skillCount = cohort.requiredSkills.length;
  return {
    teamCount,
    unitCount,
    sizeMin: plan.targetSizes.reduce((a, b) => Math.min(a, b)),
    sizeMax: plan.targetSizes.reduce((a, b) => Math.max(a, b)),
    unitSize,
    features,
    featureNorms,
    zNorms,
    rhoWeight: optimise && zScale > 0 ? weights.personality : 0,
    neighbours: neighbours ?? nearestUnits(features, unitSize, unitCount),
    skillCount,
    skillWords,
    unitSkills,
    gapCost: optimise && skillCount > 0 ? weights.skills / (teamCount * skillCount) : 0,
    unitSlots,
    availabilityTarget: cohort.input.availability_target,
    availabilityCost: optimise ? weights.availability / teamCount : 0,
    availabilityShare: optimise
      ? weights.availability /
        (weights.personality + weights.spread + weights.skills + weights.availability)
      : 0,
    ruleCount,
    unitGroupMask,
    unitGroupCount,
    apartStart,
    apartUnits,
  };
}
