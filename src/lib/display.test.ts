import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MODAL_WIDTHS,
  PREFETCH_IDLE_TIMEOUT_MS,
  TAG_COLORS,
  brightnessOf,
  durationParts,
  durationText,
  initialsOf,
  mayPrefetch,
  prefetchWhenIdle,
  textColorOn,
} from './display';
import { lazyPage, preloadOf } from './lazy-page';
import { setRoutePrefetcher } from './navigation';
import { usePrefetch } from './use-prefetch';

describe('spec 9 display helpers', () => {
  it('has the five modal widths and 20 distinct tag colours', () => {
    expect(Object.values(MODAL_WIDTHS)).toEqual([400, 550, 700, 800, 1000]);
    expect(new Set(TAG_COLORS).size).toBe(20);
  });

  it('switches the text colour at brightness 128', () => {
    expect(brightnessOf('#808080')).toBe(128);
    expect(textColorOn('#808080')).toBe('#000000');
    expect(textColorOn('#7f7f7f')).toBe('#ffffff');
    expect(textColorOn('#fff')).toBe('#000000');
    expect(textColorOn('#0078d4')).toBe('#ffffff');
    expect(textColorOn('not a colour')).toBe('#ffffff');
  });

  it('makes initials from two words, or else the first two letters', () => {
    expect(initialsOf('Linh Pham')).toBe('LP');
    expect(initialsOf('Nguyễn Thị Mai')).toBe('NM');
    expect(initialsOf('ada')).toBe('AD');
    expect(initialsOf('ada@example.com')).toBe('AD');
    expect(initialsOf('Ú')).toBe('Ú');
    expect(initialsOf('  ')).toBe('');
  });

  it('tells a duration in years, months, days, hours and minutes', () => {
    const start = new Date('2025-01-31T10:00:00Z');
    expect(durationParts(start, new Date('2026-03-02T12:30:00Z'))).toEqual({
      years: 1,
      months: 1,
      days: 2,
      hours: 2,
      minutes: 30,
    });
    expect(durationText(start, new Date('2025-02-02T10:05:00Z'), 'en')).toBe('2 days 5 minutes');
    expect(durationText(start, new Date('2025-02-02T10:05:00Z'), 'vi')).toContain('2 ngày');
    expect(durationText(start, start, 'en')).toBe('0 minutes');
    expect(durationText(start, new Date('2026-03-02T12:30:00Z'), 'en', 2)).toBe('1 year 1 month');
  });
});

describe('link prefetch (spec 2.14)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is skipped on 2g and with data saver', () => {
    expect(mayPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(mayPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(mayPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(mayPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(mayPrefetch(undefined)).toBe(true);
  });

  it('waits for an idle moment, 2,000 ms at most', () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    prefetchWhenIdle(() => undefined);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), {
      timeout: PREFETCH_IDLE_TIMEOUT_MS,
    });
    expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
  });
});

describe('a link’s page code, fetched ahead of the visit', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setRoutePrefetcher(() => Promise.resolve());
  });

  it('loads once, when the pointer rests or the focus arrives, and never on data saver', async () => {
    vi.stubGlobal('requestIdleCallback', (run: () => void) => (run(), 1));
    const prefetcher = vi.fn(() => Promise.resolve());
    setRoutePrefetcher(prefetcher);
    const { result } = renderHook(() => usePrefetch('/calendar'));
    result.current.onPointerEnter();
    result.current.onFocus();
    await Promise.resolve();
    await Promise.resolve();
    expect(prefetcher).toHaveBeenCalledTimes(1);
    expect(prefetcher).toHaveBeenCalledWith('/calendar');

    vi.stubGlobal('navigator', { connection: { saveData: true } });
    const saving = renderHook(() => usePrefetch('/drive'));
    saving.result.current.onFocus();
    await Promise.resolve();
    expect(prefetcher).toHaveBeenCalledTimes(1);
  });

  it('loads a lazy page’s chunk quietly: a failure is left for the visit to handle', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    await expect(preloadOf(lazyPage(load))?.()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
    expect(preloadOf(() => undefined)).toBeUndefined();
  });
});
