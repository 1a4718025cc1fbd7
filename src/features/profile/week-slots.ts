import { HOURS_PER_WEEK } from '@contracts/profile';

/**
 * Availability is stored as UTC hour-of-week slots (Monday 00:00 UTC = 0) and drawn in the
 * person's time zone. Zones with half-hour offsets are drawn on the nearest whole hour.
 */
export const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Minutes the zone is ahead of UTC at the given moment (negative west of Greenwich). */
export function timezoneOffsetMinutes(timeZone: string, at: Date = new Date()): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(at);
    const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const local = Date.UTC(
      value('year'),
      value('month') - 1,
      value('day'),
      value('hour'),
      value('minute'),
    );
    const utc = Date.UTC(
      at.getUTCFullYear(),
      at.getUTCMonth(),
      at.getUTCDate(),
      at.getUTCHours(),
      at.getUTCMinutes(),
    );
    return Math.round((local - utc) / 60_000);
  } catch {
    return 0;
  }
}

export function offsetHours(timeZone: string, at?: Date): number {
  return Math.round(timezoneOffsetMinutes(timeZone, at) / 60);
}

const wrap = (slot: number) => ((slot % HOURS_PER_WEEK) + HOURS_PER_WEEK) % HOURS_PER_WEEK;

export function toLocalSlots(utcSlots: Iterable<number>, offset: number): Set<number> {
  return new Set([...utcSlots].map((slot) => wrap(slot + offset)));
}

export function toUtcSlots(localSlots: Iterable<number>, offset: number): number[] {
  return [...localSlots].map((slot) => wrap(slot - offset)).sort((a, b) => a - b);
}

export const slotOf = (day: number, hour: number) => day * 24 + hour;

/** Every slot of the rectangle between two cells (inclusive), as a drag selects them. */
export function slotsBetween(from: number, to: number): number[] {
  const [d1, h1, d2, h2] = [Math.floor(from / 24), from % 24, Math.floor(to / 24), to % 24];
  const slots: number[] = [];
  for (let day = Math.min(d1, d2); day <= Math.max(d1, d2); day++) {
    for (let hour = Math.min(h1, h2); hour <= Math.max(h1, h2); hour++) {
      slots.push(slotOf(day, hour));
    }
  }
  return slots;
}
