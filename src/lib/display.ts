/**
 * Spec 9 display constants and helpers: modal widths, tag colours, the text colour on a
 * coloured background, avatar initials and the duration text.
 */

/** Spec 9: the widths dialogs use, in px. */
export const MODAL_WIDTHS = {
  small: 400,
  medium: 550,
  large: 700,
  xlarge: 800,
  full: 1000,
} as const;

/** Spec 9: the 20 tag colours. */
export const TAG_COLORS = [
  '#e81123',
  '#ea4300',
  '#f7630c',
  '#ffb900',
  '#bad80a',
  '#16c60c',
  '#00b294',
  '#00b7c3',
  '#0078d4',
  '#4f6bed',
  '#5c2d91',
  '#8764b8',
  '#b4009e',
  '#e3008c',
  '#c30052',
  '#a4262c',
  '#8e562e',
  '#767676',
  '#486860',
  '#2d7d9a',
] as const;

/** Spec 9: above this brightness (0-255) text on the colour is dark, otherwise light. */
export const BRIGHTNESS_THRESHOLD = 128;

/** The perceived brightness (0-255) of `#rgb` or `#rrggbb`; null for anything else. */
export function brightnessOf(color: string): number | null {
  const hex = color.trim().replace(/^#/, '');
  const full = /^[\da-f]{3}$/i.test(hex) ? [...hex].map((digit) => digit + digit).join('') : hex;
  if (!/^[\da-f]{6}$/i.test(full)) return null;
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16));
  return (r * 299 + g * 587 + b * 114) / 1000;
}

/** The text colour that reads on `background`: black at brightness 128 and above, else white. */
export function textColorOn(background: string): '#000000' | '#ffffff' {
  const brightness = brightnessOf(background);
  return brightness !== null && brightness >= BRIGHTNESS_THRESHOLD ? '#000000' : '#ffffff';
}

/**
 * Avatar initials (spec 9): the first letters of the first and last words when the name has
 * two words or more, otherwise its first two letters. "Linh Pham" → "LP", "ada" → "AD".
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const letters =
    words.length > 1
      ? [[...words[0]][0], [...words[words.length - 1]][0]]
      : [...words[0]].filter((char) => /[\p{L}\p{N}]/u.test(char)).slice(0, 2);
  return letters.join('').toLocaleUpperCase();
}

export interface DurationParts {
  years: number;
  months: number;
  days: number;
  hours: number;
  minutes: number;
}

const UNITS = ['years', 'months', 'days', 'hours', 'minutes'] as const;
const INTL_UNIT = { years: 'year', months: 'month', days: 'day', hours: 'hour', minutes: 'minute' };

/** The calendar years, months, days, hours and minutes from `start` to `end` (spec 9). */
export function durationParts(start: Date, end: Date): DurationParts {
  let from = start;
  let to = end;
  if (to < from) [from, to] = [to, from];
  let months =
    (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  // Month steps keep the day of the month, or the month's last day (31 January + 1 = 28 February).
  const shifted = (count: number) => {
    const date = new Date(from);
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + count);
    const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, last));
    return date;
  };
  while (months > 0 && shifted(months) > to) months -= 1;
  let rest = Math.floor((to.getTime() - shifted(months).getTime()) / 60_000);
  const days = Math.floor(rest / 1440);
  rest -= days * 1440;
  const hours = Math.floor(rest / 60);
  return {
    years: Math.floor(months / 12),
    months: months % 12,
    days,
    hours,
    minutes: rest - hours * 60,
  };
}

/**
 * The duration text (spec 9): the non-zero units from years down to minutes, in the
 * language's own words ("1 year, 2 days", "1 năm, 2 ngày"); `largest` limits how many.
 */
export function durationText(
  start: Date,
  end: Date,
  language: string,
  largest: number = UNITS.length,
): string {
  const parts = durationParts(start, end);
  const shown = UNITS.filter((unit) => parts[unit] > 0).slice(0, largest);
  const words = (shown.length > 0 ? shown : (['minutes'] as const)).map((unit) =>
    new Intl.NumberFormat(language, {
      style: 'unit',
      unit: INTL_UNIT[unit],
      unitDisplay: 'long',
    }).format(parts[unit]),
  );
  return new Intl.ListFormat(language, { style: 'narrow', type: 'unit' }).format(words);
}

/** Spec 9: link prefetch waits for an idle moment, at most this long. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

/** Spec 2.14: no prefetch on a 2g connection or with data saver on. */
export function mayPrefetch(
  connection: ConnectionInfo | undefined = (navigator as { connection?: ConnectionInfo })
    .connection,
): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/**
 * Loads `load` when the browser is idle (or after 2,000 ms at the latest), unless the
 * connection is 2g or saves data. Answers a function that cancels it.
 */
export function prefetchWhenIdle(load: () => unknown): () => void {
  if (!mayPrefetch()) return () => undefined;
  const run = () =>
    void Promise.resolve()
      .then(load)
      .catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 1);
  return () => window.clearTimeout(handle);
}
