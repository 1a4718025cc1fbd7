import { FACTOR_COUNT, SLOT_WORDS, type Cohort } from './cohort';
import type { Plan } from './plan';
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

export function buildSearchProblem(cohort: Cohort, plan: Plan, optimise: boolean): SearchProblem {
  const { units, teamCount } = plan;
  const { weights } = cohort.input;
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
  for (let u = 0; u < unitCount; u++) {
    for (let d = 0; d < FEATURE_DIMS; d++) featureNorms[u] += features[u * FEATURE_DIMS + d] ** 2;
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
