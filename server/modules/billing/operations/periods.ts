/**
 * Billing periods are calendar months in UTC; dates are ISO days (YYYY-MM-DD), a period's end
 * exclusive. Pure functions (docs/decisions/billing.md, "Proration").
 */
export interface Period {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** The calendar month (UTC) that holds `now`. */
export function periodOf(now: Date): Period {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start: isoDay(start), end: isoDay(end) };
}

export const today = (now: Date) => isoDay(now);

/** Whole days from `from` to `to` (ISO days, `to` exclusive). */
export const daysBetween = (from: string, to: string) =>
  Math.round((dayOf(to) - dayOf(from)) / DAY_MS);

/** a / b rounded half up (away from zero for halves), in integers: no floating point. */
export function divideHalfUp(a: number, b: number): number {
  if (b <= 0) throw new RangeError('divisor must be positive');
  const sign = a < 0 ? -1 : 1;
  const n = Math.abs(a);
  return sign * Math.floor((2 * n + b) / (2 * b));
}

/**
 * What an upgrade costs for the rest of the period, from today (counted) to the period's end:
 * remaining days / days in period × (new price − old price), rounded half up to the minor unit.
 */
export function prorate(input: {
  today: string;
  period: Period;
  oldPrice: number;
  newPrice: number;
}): { amount: number; remainingDays: number; periodDays: number } {
  const periodDays = daysBetween(input.period.start, input.period.end);
  const remainingDays = daysBetween(input.today, input.period.end);
  const amount = divideHalfUp(remainingDays * (input.newPrice - input.oldPrice), periodDays);
  return { amount, remainingDays, periodDays };
}
