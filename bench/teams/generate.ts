import { readFileSync } from 'node:fs';
import { createRandom, shuffle, type Random } from '../../server/teamformation/random';
import type { TeamFormationRequest } from '../../server/teamformation/schema';

const FACTORS = ['E', 'A', 'C', 'ES', 'I'] as const;

/** Norms of the IPIP-50 factor sums (a copy of shared/data/ipip50-norms.csv). */
function readNorms(): { mean: number[]; sd: number[]; correlation: number[][] } {
  const [header, ...rows] = readFileSync(new URL('./ipip50-norms.csv', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(','));
  const column = (name: string): number => header.indexOf(name);
  const byFactor = FACTORS.map((factor) => rows.find((row) => row[0] === factor) ?? []);
  return {
    mean: byFactor.map((row) => Number(row[column('mean')])),
    sd: byFactor.map((row) => Number(row[column('sd')])),
    correlation: byFactor.map((row) => FACTORS.map((f) => Number(row[column(`r_${f}`)]))),
  };
}

function cholesky(matrix: number[][]): number[][] {
  const n = matrix.length;
  const lower = matrix.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = matrix[i][j];
      for (let k = 0; k < j; k++) sum -= lower[i][k] * lower[j][k];
      lower[i][j] = i === j ? Math.sqrt(sum) : sum / lower[j][j];
    }
  }
  return lower;
}

function gaussian(random: Random): number {
  const u = 1 - random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

const pick = <T>(random: Random, weighted: readonly (readonly [T, number])[]): T => {
  let r = random.next() * weighted.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of weighted) if ((r -= w) < 0) return value;
  return weighted[weighted.length - 1][0];
};

/** Required skills and the share of people holding each: common, middling and rare. */
const SKILLS = [
  ['writing', 0.5],
  ['backend', 0.4],
  ['frontend', 0.3],
  ['testing', 0.2],
  ['design', 0.12],
  ['data', 0.08],
  ['devops', 0.05],
  ['research', 0.03],
] as const;

/** UTC offsets of the people, weighted: a Vietnam-led cohort with Europe, the US and East Asia. */
const TIME_ZONES = [
  [7, 0.35],
  [1, 0.25],
  [-5, 0.2],
  [9, 0.1],
  [-8, 0.1],
] as const;

/**
 * A weekly pattern of blocks in local hours, as people tick them in a grid, shifted to UTC:
 * office hours (most), evenings and weekends (students), or a few part-time half days.
 */
function weeklyAvailability(random: Random): number[] {
  const offset = pick(random, TIME_ZONES);
  const local: number[] = [];
  const block = (day: number, start: number, hours: number): void => {
    for (let h = start; h < start + hours; h++) local.push(day * 24 + h);
  };
  const pattern = pick(random, [
    ['office', 0.6],
    ['evening', 0.25],
    ['part-time', 0.15],
  ] as const);
  if (pattern === 'office') {
    const start = 8 + random.int(3);
    const hours = 7 + random.int(3);
    for (let day = 0; day < 5; day++) if (random.next() < 0.9) block(day, start, hours);
  } else if (pattern === 'evening') {
    const start = 17 + random.int(3);
    const hours = 3 + random.int(3);
    for (let day = 0; day < 5; day++) if (random.next() < 0.8) block(day, start, hours);
    for (let day = 5; day < 7; day++) if (random.next() < 0.5) block(day, 10, 6);
  } else {
    const days = shuffle([0, 1, 2, 3, 4], random).slice(0, 2 + random.int(2));
    const start = 8 + random.int(7);
    for (const day of days) block(day, start, 4);
  }
  return [...new Set(local.map((hour) => (((hour - offset) % 168) + 168) % 168))].sort(
    (a, b) => a - b,
  );
}

/**
 * A seeded cohort of n people: personality from the norms (multivariate normal through the
 * Cholesky factor of the factor correlations, scaled, shifted, rounded and clamped to 10-50),
 * skills by rarity, weekly availability and gender; teams of 4-5, nobody the only woman in a
 * team, from 200 people on 1% keep_together and 1% keep_apart pairs, and default weights.
 */
export function generateInstance(n: number, seed: number): TeamFormationRequest {
  const random = createRandom(seed);
  const norms = readNorms();
  const lower = cholesky(norms.correlation);
  const people = Array.from({ length: n }, (_, index) => {
    const normal = FACTORS.map(() => gaussian(random));
    const big5 = Object.fromEntries(
      FACTORS.map((factor, f) => {
        let z = 0;
        for (let k = 0; k <= f; k++) z += lower[f][k] * normal[k];
        const score = Math.round(norms.mean[f] + norms.sd[f] * z);
        return [factor, Math.min(50, Math.max(10, score))];
      }),
    ) as Record<(typeof FACTORS)[number], number>;
    return {
      id: `p${index + 1}`,
      big5,
      skills: SKILLS.filter(([, share]) => random.next() < share).map(([skill]) => skill),
      availability: weeklyAvailability(random),
      attributes: { gender: random.next() < 0.45 ? 'F' : 'M' },
    };
  });
  const pairs = n >= 200 ? Math.round(n / 100) : 0;
  // Distinct people for all pairs so that keep_together and keep_apart never contradict.
  const chosen = shuffle(
    people.map((_, i) => i),
    random,
  )
    .slice(0, 4 * pairs)
    .map((i) => people[i].id);
  return {
    team_size: { min: 4, max: 5 },
    required_skills: SKILLS.map(([skill]) => skill),
    availability_target: 6,
    no_isolated: [{ attribute: 'gender', value: 'F' }],
    keep_together: Array.from({ length: pairs }, (_, p) => [chosen[4 * p], chosen[4 * p + 1]]),
    keep_apart: Array.from({ length: pairs }, (_, p): [string, string] => [
      chosen[4 * p + 2],
      chosen[4 * p + 3],
    ]),
    seed: 1,
    people,
  };
}
