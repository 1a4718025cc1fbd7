import { describe, expect, it } from 'vitest';
import { divideHalfUp, periodOf, prorate } from './periods';

describe('billing periods and proration', () => {
  it('a period is the UTC calendar month', () => {
    expect(periodOf(new Date('2026-11-27T23:59:00Z'))).toEqual({
      start: '2026-11-01',
      end: '2026-12-01',
    });
    expect(periodOf(new Date('2024-02-10T00:00:00Z'))).toEqual({
      start: '2024-02-01',
      end: '2024-03-01',
    });
  });

  it('rounds half up in integers', () => {
    expect(divideHalfUp(5, 2)).toBe(3);
    expect(divideHalfUp(7, 3)).toBe(2);
    expect(divideHalfUp(8, 3)).toBe(3);
    expect(divideHalfUp(-5, 2)).toBe(-3);
  });

  it('prorates the price difference over the days left, today counted', () => {
    const period = { start: '2026-11-01', end: '2026-12-01' };
    // 14 of 30 days × (2900 − 900) = 933.33… → 933
    expect(prorate({ today: '2026-11-17', period, oldPrice: 900, newPrice: 2900 })).toEqual({
      amount: 933,
      remainingDays: 14,
      periodDays: 30,
    });
    // 1 of 30 days × 900 = 30; 3 of 30 days × 2900 = 290; 15 of 30 × 901 = 450.5 → 451
    expect(prorate({ today: '2026-11-30', period, oldPrice: 0, newPrice: 900 }).amount).toBe(30);
    expect(prorate({ today: '2026-11-28', period, oldPrice: 0, newPrice: 2900 }).amount).toBe(290);
    expect(prorate({ today: '2026-11-16', period, oldPrice: 0, newPrice: 901 }).amount).toBe(451);
    expect(prorate({ today: '2026-11-01', period, oldPrice: 0, newPrice: 900 }).amount).toBe(900);
  });
});
