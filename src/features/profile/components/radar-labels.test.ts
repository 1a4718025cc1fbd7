import { describe, expect, it } from 'vitest';
import { fitRadius, wrapLabel } from './radar-labels';

describe('wrapLabel', () => {
  it('breaks after a slash and balances the lines', () => {
    expect(wrapLabel('Intellect/Imagination')).toEqual(['Intellect/', 'Imagination']);
    expect(wrapLabel('Emotional Stability')).toEqual(['Emotional', 'Stability']);
    expect(wrapLabel('Ổn định cảm xúc')).toEqual(['Ổn định', 'cảm xúc']);
    expect(wrapLabel('Trí tuệ/Trí tưởng tượng')).toEqual(['Trí tuệ/', 'Trí tưởng', 'tượng']);
  });

  it('keeps short labels and long single words whole', () => {
    expect(wrapLabel('Hướng ngoại')).toEqual(['Hướng ngoại']);
    expect(wrapLabel('Conscientiousness')).toEqual(['Conscientiousness']);
  });
});

describe('fitRadius', () => {
  const five = (width: number) => Array.from({ length: 5 }, () => ({ width, height: 28 }));

  it('shrinks the radar so sideways labels stay inside a narrow chart', () => {
    const radius = fitRadius(five(100), { width: 300, height: 300 }, { min: 40, max: 105 });
    // The right-hand labels sit at cos(18°) of the radius, plus the tick gap, then run 100 px.
    expect(150 + (radius + 8) * Math.cos(Math.PI / 10) + 100).toBeLessThanOrEqual(300);
    expect(radius).toBeLessThan(105);
  });

  it('keeps the largest radius when the labels fit and never goes under the minimum', () => {
    expect(fitRadius(five(60), { width: 800, height: 300 }, { min: 40, max: 105 })).toBe(105);
    expect(fitRadius(five(200), { width: 300, height: 300 }, { min: 40, max: 105 })).toBe(40);
  });
});
