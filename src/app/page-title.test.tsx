import { describe, expect, it } from 'vitest';
import { countBadge } from '@/lib/count-badge';
import { formatPageTitle } from './page-title';

describe('the page title (spec 1 and 9)', () => {
  it('is product name, separator, page title', () => {
    expect(formatPageTitle('Dashboard')).toBe('Teamloop | Dashboard');
    expect(formatPageTitle(undefined)).toBe('Teamloop');
  });

  it('is prefixed with the count of new messages in brackets when above 0', () => {
    expect(formatPageTitle('Dashboard', 1)).toBe('(1) Teamloop | Dashboard');
    expect(formatPageTitle('Dashboard', 99)).toBe('(99) Teamloop | Dashboard');
    expect(formatPageTitle('Tasks', 0)).toBe('Teamloop | Tasks');
    expect(formatPageTitle('Tasks', -4)).toBe('Teamloop | Tasks');
  });

  it('shows 99+ from 100 new messages', () => {
    expect(formatPageTitle('Messages', 100)).toBe('(99+) Teamloop | Messages');
    expect(formatPageTitle('Messages', 2500)).toBe('(99+) Teamloop | Messages');
  });
});

describe('the new-message badge (spec 5 and 9)', () => {
  it('shows 0 at least and 99+ from 100', () => {
    expect(countBadge(-3)).toBe('0');
    expect(countBadge(0)).toBe('0');
    expect(countBadge(7)).toBe('7');
    expect(countBadge(99)).toBe('99');
    expect(countBadge(100)).toBe('99+');
    expect(countBadge(Number.NaN)).toBe('0');
  });
});
