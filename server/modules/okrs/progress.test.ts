import { describe, expect, it } from 'vitest';
import {
  derivedStatus,
  keyResultProgress,
  rollUp,
  weightedMean,
  wouldCycle,
  type TreeKeyResult,
} from './progress';

describe('derived objective status (spec 4)', () => {
  it('is at risk when more than one key result is at risk', () => {
    expect(derivedStatus(['at risk', 'at risk', 'on trace'])).toBe('at risk');
  });
  it('one at risk is not enough: falls through to on trace with two on trace', () => {
    expect(derivedStatus(['at risk', 'on trace', 'on trace'])).toBe('on trace');
  });
  it('is has issue when more than one has an issue and neither rule above holds', () => {
    expect(derivedStatus(['has issue', 'has issue', 'on trace', 'at risk'])).toBe('has issue');
  });
  it('is none when no status reaches two', () => {
    expect(derivedStatus(['at risk', 'on trace', 'has issue'])).toBeNull();
    expect(derivedStatus([])).toBeNull();
    expect(derivedStatus([null, null, 'on trace'])).toBeNull();
  });
  it('ties go by the order of the rule: at risk before on trace before has issue', () => {
    expect(derivedStatus(['at risk', 'at risk', 'on trace', 'on trace'])).toBe('at risk');
    expect(derivedStatus(['on trace', 'on trace', 'has issue', 'has issue'])).toBe('on trace');
    expect(derivedStatus(['at risk', 'at risk', 'has issue', 'has issue', 'has issue'])).toBe(
      'at risk',
    );
  });
  it('key results never checked in on do not count', () => {
    expect(derivedStatus([null, null, null])).toBeNull();
  });
});

describe('key result progress by kind', () => {
  // [kind, start, target, current, progress]
  const cases: [TreeKeyResult['kind'], number, number, number, number][] = [
    // reach a value: from the start towards the target, either direction
    ['reach', 0, 10, 5, 0.5],
    ['reach', 10, 0, 2.5, 0.75],
    ['reach', 5, 5, 5, 1],
    ['reach', 5, 5, 4, 0],
    // increase to: clamped to 0..1
    ['increase', 100, 200, 150, 0.5],
    ['increase', 100, 200, 50, 0],
    ['increase', 100, 200, 260, 1],
    ['decrease', 40, 10, 40, 0],
    ['decrease', 40, 10, 25, 0.5],
    ['decrease', 40, 10, 5, 1],
    ['decrease', 40, 10, 60, 0],
    ['stay_above', 0, 95, 96, 1],
    ['stay_above', 0, 95, 95, 1],
    ['stay_above', 0, 95, 94.9, 0],
    ['stay_below', 0, 3, 2, 1],
    ['stay_below', 0, 3, 3, 1],
    ['stay_below', 0, 3, 4, 0],
    ['done', 0, 1, 0, 0],
    ['done', 0, 1, 1, 1],
  ];
  it.each(cases)(
    '%s from %d to %d at %d is %d',
    (kind, startValue, targetValue, currentValue, progress) => {
      expect(keyResultProgress({ kind, startValue, targetValue, currentValue })).toBe(progress);
    },
  );
});

describe('weighted mean', () => {
  it('weighs, and is 0 for nothing', () => {
    expect(
      weightedMean([
        { progress: 1, weight: 3 },
        { progress: 0, weight: 1 },
      ]),
    ).toBe(0.75);
    expect(weightedMean([])).toBe(0);
  });
});

describe('roll-up through a three-level tree', () => {
  const kr = (
    id: number,
    objectiveId: number,
    currentValue: number,
    weight = 1,
  ): TreeKeyResult => ({
    id,
    objectiveId,
    kind: 'increase',
    startValue: 0,
    targetValue: 100,
    currentValue,
    weight,
    checkedIn: true,
  });
  // Company (1) <- Department (2, weight 3) <- Team (3, weight 1, under key result 20 of 2)
  const keyResults = [kr(10, 1, 0), kr(20, 2, 40, 1), kr(21, 2, 100, 3), kr(30, 3, 80)];
  const alignments = [
    { objectiveId: 2, parentObjectiveId: 1, parentKeyResultId: null, weight: 3 },
    { objectiveId: 3, parentObjectiveId: null, parentKeyResultId: 20, weight: 1 },
  ];

  it('rolls each level up with its weights', () => {
    const { objectives, keyResults: krs } = rollUp([1, 2, 3], keyResults, alignments);
    expect(objectives.get(3)).toBeCloseTo(0.8);
    // Key result 20: its own 0.4 (weight 1) and team objective 0.8 (weight 1).
    expect(krs.get(20)).toBeCloseTo(0.6);
    // Department: 0.6 * 1 + 1.0 * 3 over 4.
    expect(objectives.get(2)).toBeCloseTo(0.9);
    // Company: its key result 0 (weight 1) and the department 0.9 (weight 3).
    expect(objectives.get(1)).toBeCloseTo(0.675);
  });

  it('a parent moves when a leaf moves', () => {
    const moved = keyResults.map((k) => (k.id === 30 ? { ...k, currentValue: 100 } : k));
    const before = rollUp([1, 2, 3], keyResults, alignments).objectives.get(1) ?? 0;
    const after = rollUp([1, 2, 3], moved, alignments).objectives.get(1) ?? 0;
    expect(after).toBeGreaterThan(before);
  });

  it('finds cycles through objectives and key results', () => {
    const krObjective = new Map([
      [10, 1],
      [20, 2],
      [21, 2],
      [30, 3],
    ]);
    expect(wouldCycle(1, 3, alignments, krObjective)).toBe(true);
    expect(wouldCycle(2, 3, alignments, krObjective)).toBe(true);
    expect(wouldCycle(1, 1, alignments, krObjective)).toBe(true);
    expect(wouldCycle(3, 1, alignments, krObjective)).toBe(false);
  });
});
