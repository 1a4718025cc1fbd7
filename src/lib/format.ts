import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/vi';
import { currentLanguage } from './i18n';

// dayjs loads with the first screen that shows a date, not with every page: each format call
// takes the interface language, so nothing has to set it at start.
dayjs.extend(localizedFormat);

/** A date in the reader's language, e.g. "November 22, 2026" / "22 tháng 11 năm 2026". */
export function formatDate(value: string | Date): string {
  return dayjs(value).locale(currentLanguage()).format('LL');
}

export function formatDateTime(value: string | Date): string {
  return dayjs(value).locale(currentLanguage()).format('LLL');
}
