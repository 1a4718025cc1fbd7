import { describe, expect, it } from 'vitest';
import { seatOf, swapSeats } from './swap';

describe('swapping two people between proposed teams', () => {
  it('exchanges them and leaves the original split untouched', () => {
    const split = [
      [1, 2, 3],
      [4, 5, 6],
    ];
    const swapped = swapSeats(split, seatOf(split, 2)!, seatOf(split, 6)!);
    expect(swapped).toEqual([
      [1, 6, 3],
      [4, 5, 2],
    ]);
    expect(split[0]).toEqual([1, 2, 3]);
    expect(seatOf(split, 9)).toBeNull();
  });
});
