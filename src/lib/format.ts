import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/vi';

dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);

/** Spec 5 and 9: a count badge shows 0 at least and '99+' from 100. */
export function countBadge(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '0';
  return count >= 100 ? '99+' : String(Math.floor(count));
}

/** A date in the reader's language, e.g. "November 22, 2026" / "22 tháng 11 năm 2026". */
export function formatDate(value: string | Date): string {
  return dayjs(value).format('LL');
}

export function formatDateTime(value: string | Date): string {
  return dayjs(value).format('LLL');
}

/** Keeps dates in step with the interface language. */
export function setDateLanguage(language: string): void {
  dayjs.locale(language);
}
