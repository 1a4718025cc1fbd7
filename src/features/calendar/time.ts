import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { CalendarItem } from '@contracts/calendar';

dayjs.extend(utc);
dayjs.extend(timezone);

export type CalendarView = 'month' | 'week' | 'day';

/** A day as 2026-11-27: what the page's address and the grid's cells are keyed by. */
export type DayKey = string;

export const dayOf = (value: Dayjs): DayKey => value.format('YYYY-MM-DD');
export const addDays = (day: DayKey, count: number): DayKey => dayOf(dayjs(day).add(count, 'day'));

/** Today in the person's zone. */
export const todayIn = (zone: string): DayKey => dayOf(dayjs().tz(zone));

/** Monday in Vietnamese, Sunday in English (the date pickers' rule too). */
export const firstDayOfWeek = (language: string) => (language === 'vi' ? 1 : 0);

function weekStart(day: DayKey, first: number): DayKey {
  const weekday = dayjs(day).day();
  return addDays(day, -((weekday - first + 7) % 7));
}

/** The days a view shows around a day: six weeks for a month, seven days, or one. */
export function daysOfView(view: CalendarView, day: DayKey, first: number): DayKey[] {
  const start =
    view === 'day'
      ? day
      : view === 'week'
        ? weekStart(day, first)
        : weekStart(dayOf(dayjs(day).startOf('month')), first);
  const count = view === 'day' ? 1 : view === 'week' ? 7 : 42;
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/** The next or previous period of a view. */
export function shiftDay(view: CalendarView, day: DayKey, step: 1 | -1): DayKey {
  const unit = view === 'month' ? 'month' : view === 'week' ? 'week' : 'day';
  return dayOf(dayjs(day).add(step, unit));
}

/** A day's midnight in a zone, as an instant with its offset. */
export const instantAt = (day: DayKey, zone: string, time = '00:00') =>
  dayjs.tz(`${day} ${time}`, zone).format();

/** 2026-11-27T09:30 (as the date-time field holds it) in a zone, to an instant. */
export const instantOfLocal = (local: string, zone: string) =>
  dayjs.tz(local.replace('T', ' '), zone).format();

/** An instant as the date-time field holds it, in a zone. */
export const localOfInstant = (value: string, zone: string) =>
  dayjs(value).tz(zone).format('YYYY-MM-DDTHH:mm');

/** Where an item sits in the person's zone: its first and last day and its minutes. */
export function placeOf(item: CalendarItem, zone: string) {
  // An all-day item keeps its own dates wherever the reader is.
  const at = (value: string) =>
    item.all_day ? dayjs(value).tz(item.time_zone) : dayjs(value).tz(zone);
  const start = at(item.start);
  const end = item.end ? at(item.end) : start;
  // An all-day end is the next midnight; a timed end at midnight belongs to the day before.
  const last =
    end.isAfter(start) && end.hour() === 0 && end.minute() === 0 ? end.subtract(1, 'minute') : end;
  return {
    firstDay: dayOf(start),
    lastDay: dayOf(last.isBefore(start) ? start : last),
    startMinutes: start.hour() * 60 + start.minute(),
    endMinutes: item.end
      ? Math.max(end.diff(start, 'minute'), 30) + start.hour() * 60 + start.minute()
      : start.hour() * 60 + start.minute() + 30,
    time: item.all_day ? null : start.format('HH:mm'),
  };
}

/** A heading for the view's period, in the reader's language. */
export function periodTitle(view: CalendarView, days: DayKey[], language: string): string {
  const format = (day: DayKey, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(
      new Date(`${day}T12:00:00Z`),
    );
  if (view === 'month') return format(days[15], { month: 'long', year: 'numeric' });
  if (view === 'day')
    return format(days[0], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return `${format(days[0], { day: 'numeric', month: 'short' })} – ${format(days[6], { day: 'numeric', month: 'short', year: 'numeric' })}`;
}

/** A day's name in a list or a column head: "Fri 27" / "Th 6 27". */
export function dayLabel(day: DayKey, language: string, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}
