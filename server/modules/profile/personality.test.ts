import { describe, expect, it } from 'vitest';
import { FACTORS } from '@contracts/profile';
import {
  bandOf,
  factorScores,
  itemScore,
  percentileOf,
  PERSONALITY_ITEMS,
  personalityResult,
} from './personality';

const all = (value: number) =>
  Object.fromEntries(PERSONALITY_ITEMS.map((item) => [String(item.order), value]));

describe('self-assessment scoring', () => {
  it('reverses minus-keyed items', () => {
    expect(itemScore({ key: '+' }, 4)).toBe(4);
    expect(itemScore({ key: '-' }, 4)).toBe(2);
    expect(itemScore({ key: '-' }, 1)).toBe(5);
  });

  it('has ten items per factor, in order 1-50', () => {
    expect(PERSONALITY_ITEMS.map((item) => item.order)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    for (const factor of FACTORS) {
      expect(PERSONALITY_ITEMS.filter((item) => item.factor === factor)).toHaveLength(10);
    }
    expect(PERSONALITY_ITEMS.every((item) => item.text.vi.length > 0)).toBe(true);
  });

  it('sums each factor to 10-50 and waits for every answer', () => {
    expect(factorScores(all(3))).toEqual({ E: 30, A: 30, C: 30, ES: 30, I: 30 });
    const partial = all(3);
    delete partial['50'];
    expect(factorScores(partial)).toBeNull();
    expect(personalityResult(partial)).toBeNull();
    // All "very inaccurate": plus items 1, minus items 5.
    expect(factorScores(all(1))).toEqual({ E: 30, A: 26, C: 26, ES: 42, I: 22 });
  });

  it('reads percentiles off the norms and interpolates between them', () => {
    // E norms: p10 18, p25 23, p50 30, p75 37, p90 42.
    expect(percentileOf('E', 18)).toBe(10);
    expect(percentileOf('E', 30)).toBe(50);
    expect(percentileOf('E', 42)).toBe(90);
    expect(percentileOf('E', 33.5)).toBe(63);
    expect(percentileOf('E', 10)).toBe(1);
    expect(percentileOf('E', 50)).toBe(99);
    for (const factor of FACTORS) {
      let previous = 0;
      for (let score = 10; score <= 50; score++) {
        const p = percentileOf(factor, score);
        expect(p).toBeGreaterThanOrEqual(previous);
        previous = p;
      }
    }
  });

  it('bands the middle 40% as average', () => {
    expect(bandOf(29)).toBe('low');
    expect(bandOf(30)).toBe('average');
    expect(bandOf(70)).toBe('average');
    expect(bandOf(71)).toBe('high');
  });
});
