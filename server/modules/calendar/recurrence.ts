import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import rrulePackage from 'rrule';

dayjs.extend(utc);
dayjs.extend(timezone);

// rrule ships CommonJS: its named exports come through the default one under Node's ESM.
const { RRule } = rrulePackage;

/**
 * Repeating events (RFC 5545 RRULE with EXDATE), expanded in the event's own time zone: a
 * weekly 09:00 in Europe/Berlin stays 09:00 there across a daylight-saving change. The rule
 * runs on "floating" times (a Date whose UTC fields are the wall clock in the zone), and each
 * occurrence is turned back into an instant in the zone. docs/decisions/calendar.md.
 */

/** The wall clock of `instant` in `zone`, as a Date whose UTC fields read it. */
export function toFloating(instant: Date, zone: string): Date {
  return new Date(`${dayjs(instant).tz(zone).format('YYYY-MM-DDTHH:mm:ss.SSS')}Z`);
}

/** The instant at which the wall clock in `zone` reads `floating`'s UTC fields. */
export function fromFloating(floating: Date, zone: string): Date {
  return dayjs.tz(floating.toISOString().slice(0, 23), zone).toDate();
}

/** The longest a rule is followed: past it, an endless rule stops being listed. */
const MAX_OCCURRENCES = 5000;

export interface Repeating {
  startAt: Date;
  endAt: Date;
  timeZone: string;
  rrule: string | null;
  exdates: readonly string[];
}

/** The rule's options, or null when it is not a rule we follow (the caller says why). */
export function parseRule(rule: string): ReturnType<typeof RRule.parseString> | null {
  const text = rule.trim().replace(/^RRULE:/i, '');
  if (text === '' || /[\r\n]/.test(text) || /(^|;)\s*(DTSTART|TZID)\s*=/i.test(text)) return null;
  try {
    const options = RRule.parseString(text);
    if (options.freq === undefined || options.freq === null) return null;
    if (options.interval !== undefined && options.interval !== null && options.interval < 1) {
      return null;
    }
    // Building it checks the values (BYDAY, BYMONTH ...) as well as the names.
    new RRule({ ...options, dtstart: new Date(0) });
    return options;
  } catch {
    return null;
  }
}

function ruleOf(event: Repeating) {
  const options = parseRule(event.rrule ?? '');
  if (!options) return null;
  return new RRule({
    ...options,
    dtstart: toFloating(event.startAt, event.timeZone),
    // UNTIL is an instant (…Z); the rule compares floating times.
    until: options.until ? toFloating(options.until, event.timeZone) : null,
  });
}

/** The original starts of the event's occurrences that overlap [from, to), exceptions left out. */
export function occurrencesBetween(event: Repeating, from: Date, to: Date): Date[] {
  const duration = event.endAt.getTime() - event.startAt.getTime();
  const rule = event.rrule ? ruleOf(event) : null;
  if (!rule) {
    return event.startAt < to && new Date(event.startAt.getTime() + duration) > from
      ? [event.startAt]
      : [];
  }
  const excluded = new Set(event.exdates.map((date) => Date.parse(date)));
  const day = 86_400_000;
  // A day either side covers any change of offset; the exact test is on the instants below.
  const floatingFrom = new Date(toFloating(from, event.timeZone).getTime() - duration - day);
  const floatingTo = new Date(toFloating(to, event.timeZone).getTime() + day);
  const starts: Date[] = [];
  rule.between(floatingFrom, floatingTo, true, (date) => {
    const start = fromFloating(date, event.timeZone);
    if (
      start < to &&
      start.getTime() + duration > from.getTime() &&
      !excluded.has(start.getTime())
    ) {
      starts.push(start);
    }
    return starts.length < MAX_OCCURRENCES;
  });
  return starts;
}

/** Whether `at` is one of the rule's occurrences (exceptions included). */
export function isOccurrence(event: Repeating, at: Date): boolean {
  const all = occurrencesBetween({ ...event, exdates: [] }, at, new Date(at.getTime() + 1));
  return all.some((start) => start.getTime() === at.getTime());
}

/** When the last occurrence ends, or null when the rule never ends (to find events by range). */
export function lastEnd(event: Repeating): Date | null {
  const duration = event.endAt.getTime() - event.startAt.getTime();
  if (!event.rrule) return event.endAt;
  const rule = ruleOf(event);
  if (!rule) return event.endAt;
  if (!rule.options.count && !rule.options.until) return null;
  const all = rule.all((_, index) => index < MAX_OCCURRENCES);
  const last = all.at(-1);
  return last ? new Date(fromFloating(last, event.timeZone).getTime() + duration) : event.endAt;
}

export { dayjs };
