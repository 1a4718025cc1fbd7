import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface TimezoneEntry {
  name: string;
  offset: string;
  offset_minutes: number;
}

const names = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((n) => n !== 'UTC')];

export function isKnownTimezone(name: string): boolean {
  return names.includes(name);
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Every IANA zone with its offset now (offsets move with daylight saving). */
export function listTimezones(now = new Date()): TimezoneEntry[] {
  return names
    .map((name) => {
      const minutes = dayjs(now).tz(name).utcOffset();
      return { name, offset: formatOffset(minutes), offset_minutes: minutes };
    })
    .sort((a, b) => a.offset_minutes - b.offset_minutes || a.name.localeCompare(b.name));
}

/** Zones that share the given zone's offset now, e.g. to suggest the browser's zone's peers. */
export function similarTimezones(name: string, now = new Date()): TimezoneEntry[] {
  const all = listTimezones(now);
  const target = all.find((entry) => entry.name === name);
  return target ? all.filter((entry) => entry.offset_minutes === target.offset_minutes) : [];
}
