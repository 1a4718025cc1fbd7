import dayjs from 'dayjs';
import { formatDate } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** How many minor units make one of `currency` (100 cents a dollar, 1 for the đồng). */
function minorUnitsOf(currency: string): number {
  try {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits;
    return 10 ** (digits ?? 2);
  } catch {
    return 100;
  }
}

/** An amount in minor units (as the API gives it), in the reader's language. */
export function formatMoney(amount: number, currency: string): string {
  const value = amount / minorUnitsOf(currency);
  try {
    return new Intl.NumberFormat(currentLanguage(), { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/** A billing period as the reader says it: its end is exclusive in the API, inclusive here. */
export function formatPeriod(period: { start: string; end: string }): {
  start: string;
  end: string;
} {
  return {
    start: formatDate(period.start),
    end: formatDate(dayjs(period.end).subtract(1, 'day').toDate()),
  };
}

/** A share for a progress bar, 0 to 1 (a limit of 0 reads as full). */
export function shareOf(used: number, limit: number): number {
  if (limit <= 0) return 1;
  return Math.min(1, Math.max(0, used / limit));
}
