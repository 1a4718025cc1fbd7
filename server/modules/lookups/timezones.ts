import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface TimezoneEntry {
  name: string;
  offset: string;
  offset_minutes: number;
}

/** ICU still lists some zones under their old names; people know them by the current ones. */
const CURRENT_NAMES: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Europe/Kiev': 'Europe/Kyiv',
};

const names = [
  'UTC',
  ...Intl.supportedValuesOf('timeZone')
    .filter((n) => n !== 'UTC')
    .map((n) => CURRENT_NAMES[n] ?? n),
];

/** Any zone the runtime can compute with, under its current or its old name. */
export function isKnownTimezone(name: string): boolean {
  if (names.includes(name)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.includes('/');
  } catch {
    return false;
  }
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
  if (!isKnownTimezone(name)) return [];
  const minutes = dayjs(now).tz(name).utcOffset();
  return listTimezones(now).filter((entry) => entry.offset_minutes === minutes);
}
