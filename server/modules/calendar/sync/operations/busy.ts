import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import type { DbOrTx } from '../../../../db/client';
import { calendarBusyTimes, calendarSyncSettings } from '../../../../db/schema';
import { validationFailed } from '../../../../http/errors';
import type { SyncDeps } from './deps';

const HOUR_MS = 3_600_000;
const WEEK_HOURS = 168;
/** Weeks of busy ranges read for the weekly pattern (the sync reads four ahead). */
const WEEKS = 4;

/** The caller's own busy ranges in a range (no titles: none are kept). */
export async function listBusy(deps: SyncDeps, actor: Actor, input: { from: string; to: string }) {
  const from = new Date(input.from);
  const to = new Date(input.to);
  if (to <= from) throw validationFailed({ to: 'calendar:messages.range_reversed' });
  const rows = await deps.db
    .select({ start: calendarBusyTimes.startAt, end: calendarBusyTimes.endAt })
    .from(calendarBusyTimes)
    .where(
      and(
        eq(calendarBusyTimes.userId, actor.userId),
        lt(calendarBusyTimes.startAt, to),
        gt(calendarBusyTimes.endAt, from),
      ),
    )
    .orderBy(asc(calendarBusyTimes.startAt));
  return rows.map((row) => ({ start: row.start.toISOString(), end: row.end.toISOString() }));
}

/** Hour of the week in UTC as profiles count it: Monday 00:00 UTC = 0 .. Sunday 23:00 = 167. */
const weekSlotOf = (hourStart: number) => {
  const date = new Date(hourStart);
  return ((date.getUTCDay() + 6) % 7) * 24 + date.getUTCHours();
};

/**
 * For team formation: the hours of the week (UTC slots, as profile availability counts them)
 * in which each person who allows it is busy in at least half of the coming four weeks, so a
 * weekly commitment counts and a one-off does not. People who do not share are left out.
 */
export async function busyWeekSlots(
  db: DbOrTx,
  userIds: readonly number[],
  now = new Date(),
): Promise<Map<number, Set<number>>> {
  const found = new Map<number, Set<number>>();
  if (userIds.length === 0) return found;
  const sharing = await db
    .select({ userId: calendarSyncSettings.userId })
    .from(calendarSyncSettings)
    .where(
      and(
        inArray(calendarSyncSettings.userId, [...userIds]),
        eq(calendarSyncSettings.shareBusyTimes, true),
      ),
    );
  if (sharing.length === 0) return found;
  const from = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const to = from + WEEKS * WEEK_HOURS * HOUR_MS;
  const rows = await db
    .select({
      userId: calendarBusyTimes.userId,
      start: calendarBusyTimes.startAt,
      end: calendarBusyTimes.endAt,
    })
    .from(calendarBusyTimes)
    .where(
      and(
        inArray(
          calendarBusyTimes.userId,
          sharing.map((row) => row.userId),
        ),
        lt(calendarBusyTimes.startAt, new Date(to)),
        gt(calendarBusyTimes.endAt, new Date(from)),
      ),
    );
  const hoursBusy = new Map<number, Set<number>>();
  for (const row of rows) {
    const hours = hoursBusy.get(row.userId) ?? new Set<number>();
    const first = Math.max(from, Math.floor(row.start.getTime() / HOUR_MS) * HOUR_MS);
    const last = Math.min(to, row.end.getTime());
    for (let hour = first; hour < last; hour += HOUR_MS) hours.add(hour);
    hoursBusy.set(row.userId, hours);
  }
  for (const [userId, hours] of hoursBusy) {
    const weeks = new Map<number, number>();
    for (const hour of hours) {
      const slot = weekSlotOf(hour);
      weeks.set(slot, (weeks.get(slot) ?? 0) + 1);
    }
    const slots = new Set(
      [...weeks].filter(([, count]) => count * 2 >= WEEKS).map(([slot]) => slot),
    );
    if (slots.size > 0) found.set(userId, slots);
  }
  return found;
}
