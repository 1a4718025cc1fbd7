import type { PersonId, TeamFormationInput } from './schema';

export const FACTORS = ['E', 'A', 'C', 'ES', 'I'] as const;
export type Factor = (typeof FACTORS)[number];
export const FACTOR_COUNT = FACTORS.length;

/** 168 hour-of-week slots fit in six 32-bit words. */
export const SLOT_WORDS = 6;
const SLOTS_PER_WEEK = 168;

/** The input turned into typed arrays indexed by person (input order). */
export interface Cohort {
  input: TeamFormationInput;
  size: number;
  ids: PersonId[];
  indexById: Map<string, number>;
  /** size x 5 factor scores z-standardised over the cohort (0 for people without big5). */
  z: Float64Array;
  /** size x 5 squared z-scores centred on their cohort mean (0 for people without big5). */
  spread: Float64Array;
  requiredSkills: string[];
  skillWords: number;
  /** size x skillWords bitsets over requiredSkills. */
  skillMasks: Uint32Array;
  /** How many people hold each required skill. */
  skillHolders: Int32Array;
  /** size x SLOT_WORDS bitsets of free hours; unknown availability counts as always free. */
  slots: Uint32Array;
  /** Bit r set when the person belongs to the group of no_isolated rule r. */
  groupMasks: Uint32Array;
  keepTogether: number[][];
  keepApart: [number, number][];
}

export function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

function standardise(input: TeamFormationInput, z: Float64Array, spread: Float64Array): void {
  const assessed = input.people.flatMap((person, index) => (person.big5 ? [index] : []));
  if (assessed.length === 0) return;
  for (let f = 0; f < FACTOR_COUNT; f++) {
    const factor = FACTORS[f];
    let mean = 0;
    for (const i of assessed) mean += input.people[i].big5?.[factor] ?? 0;
    mean /= assessed.length;
    let variance = 0;
    for (const i of assessed) variance += ((input.people[i].big5?.[factor] ?? 0) - mean) ** 2;
    const sd = Math.sqrt(variance / assessed.length);
    // A factor everyone scores the same on cannot be unbalanced: leave it at 0.
    if (sd === 0) continue;
    let spreadMean = 0;
    for (const i of assessed) {
      const score = ((input.people[i].big5?.[factor] ?? 0) - mean) / sd;
      z[i * FACTOR_COUNT + f] = score;
      spreadMean += score * score;
    }
    spreadMean /= assessed.length;
    for (const i of assessed) {
      spread[i * FACTOR_COUNT + f] = z[i * FACTOR_COUNT + f] ** 2 - spreadMean;
    }
  }
}

export function buildCohort(input: TeamFormationInput): Cohort {
  const size = input.people.length;
  const ids = input.people.map((person) => person.id);
  const indexById = new Map(ids.map((id, index) => [String(id), index]));
  const z = new Float64Array(size * FACTOR_COUNT);
  const spread = new Float64Array(size * FACTOR_COUNT);
  standardise(input, z, spread);

  const requiredSkills = [...new Set(input.required_skills)];
  const skillIndex = new Map(requiredSkills.map((skill, index) => [skill, index]));
  const skillWords = Math.ceil(requiredSkills.length / 32);
  const skillMasks = new Uint32Array(size * skillWords);
  const skillHolders = new Int32Array(requiredSkills.length);
  const slots = new Uint32Array(size * SLOT_WORDS);
  const groupMasks = new Uint32Array(size);
  input.people.forEach((person, i) => {
    for (const skill of new Set(person.skills)) {
      const s = skillIndex.get(skill);
      if (s === undefined) continue;
      skillMasks[i * skillWords + (s >>> 5)] |= 1 << (s & 31);
      skillHolders[s]++;
    }
    const free = person.availability ?? Array.from({ length: SLOTS_PER_WEEK }, (_, slot) => slot);
    for (const slot of free) slots[i * SLOT_WORDS + (slot >>> 5)] |= 1 << (slot & 31);
    input.no_isolated.forEach((rule, r) => {
      if (person.attributes[rule.attribute] === rule.value) groupMasks[i] |= 1 << r;
    });
  });

  const indexOf = (id: PersonId): number => indexById.get(String(id)) ?? -1;
  return {
    input,
    size,
    ids,
    indexById,
    z,
    spread,
    requiredSkills,
    skillWords,
    skillMasks,
    skillHolders,
    slots,
    groupMasks,
    keepTogether: input.keep_together.map((group) => group.map(indexOf)),
    keepApart: input.keep_apart.map(([a, b]) => [indexOf(a), indexOf(b)]),
  };
}
