import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import {
  FACTORS,
  PERSONALITY_ITEM_COUNT,
  type Factor,
  type FactorResult,
  type PersonalityBand,
} from '@contracts/profile';
import type { Language } from '../../i18n';

/**
 * The IPIP 50-item self-assessment: items, scoring and percentiles against the reference norms.
 * data/README.md says where the items and norms come from.
 */
const dataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data');

function readCsv(file: string): Record<string, string>[] {
  return parse(readFileSync(path.join(dataDir, file), 'utf8'), { columns: true, trim: true });
}

export interface PersonalityItem {
  order: number;
  factor: Factor;
  /** Plus-keyed items score the answer, minus-keyed ones 6 - answer. */
  key: '+' | '-';
  text: Record<Language, string>;
}

interface FactorNorm {
  mean: number;
  sd: number;
  /** (score, percentile) points the percentile is interpolated between, ascending. */
  points: [number, number][];
}

function loadItems(): PersonalityItem[] {
  const vietnamese = new Map(readCsv('ipip50-vi.csv').map((row) => [Number(row.order), row.text]));
  const items = readCsv('ipip50.csv').map((row): PersonalityItem => {
    const order = Number(row.order);
    const vi = vietnamese.get(order);
    if (!vi) throw new Error(`ipip50-vi.csv has no wording for item ${order}`);
    return {
      order,
      factor: row.factor as Factor,
      key: row.key === '-' ? '-' : '+',
      text: { en: row.text, vi },
    };
  });
  if (items.length !== PERSONALITY_ITEM_COUNT) {
    throw new Error(`ipip50.csv holds ${items.length} items, not ${PERSONALITY_ITEM_COUNT}`);
  }
  return items.sort((a, b) => a.order - b.order);
}

/**
 * Percentiles interpolate the sample's own percentiles (10, 25, 50, 75, 90) linearly, and run
 * on to 0 at the lowest sum (10) and 100 at the highest (50). The sums are skewed (most
 * people rate themselves agreeable), so this follows the sample better than a normal curve.
 */
function loadNorms(): Record<Factor, FactorNorm> {
  const norms = {} as Record<Factor, FactorNorm>;
  for (const row of readCsv('ipip50-norms.csv')) {
    const percentiles = [10, 25, 50, 75, 90].map((p): [number, number] => [
      Number(row[`p${p}`]),
      p,
    ]);
    norms[row.factor as Factor] = {
      mean: Number(row.mean),
      sd: Number(row.sd),
      points: [[10, 0], ...percentiles, [50, 100]],
    };
  }
  return norms;
}

export const PERSONALITY_ITEMS = loadItems();
export const PERSONALITY_NORMS = loadNorms();

/** Answers keyed by item order; only whole numbers 1-5 for known items count. */
export type PersonalityAnswers = Record<string, number>;

export function answeredCount(answers: PersonalityAnswers): number {
  return PERSONALITY_ITEMS.filter((item) => isAnswer(answers[item.order])).length;
}

function isAnswer(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

export function itemScore(item: Pick<PersonalityItem, 'key'>, answer: number): number {
  return item.key === '-' ? 6 - answer : answer;
}

/** The five factor sums (10-50 each), or null until every item is answered. */
export function factorScores(answers: PersonalityAnswers): Record<Factor, number> | null {
  const sums = Object.fromEntries(FACTORS.map((f) => [f, 0])) as Record<Factor, number>;
  for (const item of PERSONALITY_ITEMS) {
    const answer = answers[item.order];
    if (!isAnswer(answer)) return null;
    sums[item.factor] += itemScore(item, answer);
  }
  return sums;
}

/** Percentile (1-99) of a factor sum in the reference sample. */
export function percentileOf(factor: Factor, score: number): number {
  const { points } = PERSONALITY_NORMS[factor];
  let value = 100;
  for (let i = 1; i < points.length; i++) {
    const [x1, p1] = points[i];
    if (score <= x1) {
      const [x0, p0] = points[i - 1];
      value = x1 === x0 ? p1 : p0 + ((score - x0) / (x1 - x0)) * (p1 - p0);
      break;
    }
  }
  return Math.min(99, Math.max(1, Math.round(value)));
}

/** Below the 30th percentile reads as low, above the 70th as high (the middle 40% is typical). */
export function bandOf(percentile: number): PersonalityBand {
  if (percentile < 30) return 'low';
  if (percentile > 70) return 'high';
  return 'average';
}

export function personalityResult(answers: PersonalityAnswers): FactorResult[] | null {
  const scores = factorScores(answers);
  if (!scores) return null;
  return FACTORS.map((factor) => {
    const percentile = percentileOf(factor, scores[factor]);
    return { factor, score: scores[factor], percentile, band: bandOf(percentile) };
  });
}
