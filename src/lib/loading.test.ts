import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_LOADING_MAX_WAIT_MS, afterLoading, beginLoading } from './loading';

describe('afterLoading', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the loading in flight, and for any that starts meanwhile', () => {
    const work = vi.fn();
    const first = beginLoading();
    afterLoading(work);
    vi.advanceTimersByTime(1_000);
    expect(work).not.toHaveBeenCalled();
    first();
    // The next request starts before the browser has a moment.
    const second = beginLoading();
    vi.advanceTimersByTime(1_000);
    expect(work).not.toHaveBeenCalled();
    second();
    vi.advanceTimersByTime(1_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('goes ahead after the longest wait, and not when cancelled', () => {
    const work = vi.fn();
    const cancelled = vi.fn();
    const loading = beginLoading();
    afterLoading(work);
    afterLoading(cancelled)();
    vi.advanceTimersByTime(AFTER_LOADING_MAX_WAIT_MS);
    expect(work).toHaveBeenCalledTimes(1);
    loading();
    vi.advanceTimersByTime(1_000);
    expect(work).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
