import { describe, expect, it } from 'vitest';
import { offsetHours, slotsBetween, toLocalSlots, toUtcSlots } from './week-slots';

describe('week slots', () => {
  it('reads zone offsets, rounding half hours', () => {
    const winter = new Date(Date.UTC(2026, 0, 15, 12));
    expect(offsetHours('Asia/Ho_Chi_Minh', winter)).toBe(7);
    expect(offsetHours('America/New_York', winter)).toBe(-5);
    expect(offsetHours('UTC', winter)).toBe(0);
    expect(offsetHours('Asia/Kolkata', winter)).toBe(6);
    expect(offsetHours('Not/AZone', winter)).toBe(0);
  });

  it('moves slots between UTC and local time across the week boundary', () => {
    // Monday 02:00 in Hanoi is Sunday 19:00 UTC.
    expect(toUtcSlots([2], 7)).toEqual([163]);
    expect([...toLocalSlots([163], 7)]).toEqual([2]);
    // Sunday 22:00 in New York is Monday 03:00 UTC.
    expect(toUtcSlots([6 * 24 + 22], -5)).toEqual([3]);
    const round = toUtcSlots(toLocalSlots([0, 50, 167], -5), -5);
    expect(round).toEqual([0, 50, 167]);
  });

  it('selects the rectangle a drag covers', () => {
    // Monday 09:00 to Tuesday 10:00: two days by two hours.
    expect(slotsBetween(9, 24 + 10)).toEqual([9, 10, 33, 34]);
    expect(slotsBetween(34, 9)).toEqual([9, 10, 33, 34]);
  });
});
