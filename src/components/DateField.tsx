import {
  Button,
  Field,
  FieldContextProvider,
  type FieldProps,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { DatePicker, type CalendarStrings } from '@fluentui/react-datepicker-compat';
import { TimePicker } from '@fluentui/react-timepicker-compat';
import { DismissRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';

// Fluent's text boxes are as wide as their text by default (the time's 250 px): each level
// here may shrink, so a field never runs past a narrow dialog nor its arrow past its box.
const useStyles = makeStyles({
  field: { minWidth: 0 },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  // The time goes under the date where both do not fit on one line.
  dateTime: { flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: 0 },
  date: { flex: '1 1 9rem' },
  time: {
    flex: '0 0 110px',
    width: '110px',
    minWidth: 0,
    gridTemplateColumns: 'minmax(0, 1fr) auto',
  },
  timeInput: { minWidth: 0, width: '100%' },
});

const pad = (value: number) => String(value).padStart(2, '0');
/** The app's date format, what the forms send: 2026-11-27. */
export const toDateValue = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** 2026-11-27 as a local date at midnight, or null. */
export function fromDateValue(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** A date as the person writes it: 11/27/2026 in English, 27/11/2026 in Vietnamese. */
function formatFor(language: string) {
  return (date?: Date) => {
    if (!date) return '';
    const day = pad(date.getDate());
    const month = pad(date.getMonth() + 1);
    return language === 'vi'
      ? `${day}/${month}/${date.getFullYear()}`
      : `${month}/${day}/${date.getFullYear()}`;
  };
}

/** Reads the locale's order (month first in English, day first in Vietnamese) or 2026-11-27. */
function parseFor(language: string) {
  return (text: string): Date | null => {
    const parts = text
      .trim()
      .split(/[^\d]+/)
      .filter(Boolean)
      .map(Number);
    if (parts.length !== 3) return null;
    const [year, month, day] =
      String(text.trim()).match(/^\d{4}/) !== null
        ? parts
        : language === 'vi'
          ? [parts[2], parts[1], parts[0]]
          : [parts[2], parts[0], parts[1]];
    const fullYear = year < 100 ? 2000 + year : year;
    const date = new Date(fullYear, month - 1, day);
    return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
  };
}

/** Month and day names from Intl, the week starting on Monday in Vietnamese. */
function useCalendarLocale() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'vi' ? 'vi' : currentLanguage();
  return useMemo(() => {
    const names = (options: Intl.DateTimeFormatOptions, count: number, at: (i: number) => Date) =>
      Array.from({ length: count }, (_, i) =>
        new Intl.DateTimeFormat(language, options).format(at(i)),
      );
    const month = (i: number) => new Date(2026, i, 1);
    // 2026-11-01 is a Sunday: Fluent's lists start on Sunday.
    const day = (i: number) => new Date(2026, 10, 1 + i);
    const strings: CalendarStrings = {
      months: names({ month: 'long' }, 12, month),
      shortMonths: names({ month: 'short' }, 12, month),
      days: names({ weekday: 'long' }, 7, day),
      shortDays: names({ weekday: 'narrow' }, 7, day),
      goToToday: t('components:date_field.go_to_today'),
      prevMonthAriaLabel: t('components:date_field.previous_month'),
      nextMonthAriaLabel: t('components:date_field.next_month'),
      prevYearAriaLabel: t('components:date_field.previous_year'),
      nextYearAriaLabel: t('components:date_field.next_year'),
      closeButtonAriaLabel: t('components:date_field.close'),
    };
    return {
      strings,
      // DayOfWeek: 0 Sunday, 1 Monday.
      firstDayOfWeek: language === 'vi' ? 1 : 0,
      formatDate: formatFor(language),
      parseDateFromString: parseFor(language),
      placeholder: language === 'vi' ? 'dd/mm/yyyy' : 'mm/dd/yyyy',
    };
  }, [language, t]);
}

interface DatePartProps {
  label: string;
  value: Date | null;
  onChange: (date: Date | null) => void;
  required?: boolean;
  className?: string;
}

/** Fluent's DatePicker in the person's language, typed or picked, clearable when optional. */
function DatePart({ label, value, onChange, required, className }: DatePartProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const locale = useCalendarLocale();
  return (
    <div className={mergeClasses(styles.row, className)}>
      <DatePicker
        className={styles.grow}
        allowTextInput
        value={value}
        onSelectDate={(date) => onChange(date ?? null)}
        firstDayOfWeek={locale.firstDayOfWeek}
        strings={locale.strings}
        formatDate={locale.formatDate}
        parseDateFromString={locale.parseDateFromString}
        placeholder={locale.placeholder}
      />
      {!required && value && (
        <Button
          appearance="subtle"
          size="small"
          icon={<DismissRegular />}
          aria-label={t('components:date_field.clear', { label })}
          onClick={() => onChange(null)}
        />
      )}
    </div>
  );
}

interface DateFieldProps {
  label: string;
  /** 2026-11-27, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  hint?: string;
  validationMessage?: FieldProps['validationMessage'];
  className?: string;
}

/** A date field: the value is the app's 2026-11-27 string, as the forms send it. */
export function DateField({ value, onChange, className, ...field }: DateFieldProps) {
  const { label, required } = field;
  const styles = useStyles();
  return (
    <Field {...field} className={mergeClasses(styles.field, className)}>
      <DatePart
        label={label}
        value={fromDateValue(value)}
        onChange={(date) => onChange(date ? toDateValue(date) : '')}
        required={required}
      />
    </Field>
  );
}

/** A date and a time, 2026-11-27T09:30 (local), as a `datetime-local` input gave it. */
export function DateTimeField({ value, onChange, className, ...field }: DateFieldProps) {
  const { label, required } = field;
  const { t } = useTranslation();
  const styles = useStyles();
  const date = fromDateValue(value);
  const time = /T(\d{2}:\d{2})/.exec(value)?.[1] ?? '';
  const [hours, minutes] = time ? time.split(':').map(Number) : [null, null];
  const selectedTime =
    date && hours !== null
      ? new Date(date.getFullYear(), date.getMonth(), date.getDate(), hours, minutes ?? 0)
      : null;
  return (
    <Field {...field} className={mergeClasses(styles.field, className)}>
      <div className={mergeClasses(styles.row, styles.dateTime)}>
        <DatePart
          label={label}
          className={mergeClasses(styles.grow, styles.date)}
          value={date}
          required={required}
          onChange={(next) => onChange(next ? `${toDateValue(next)}T${time || '09:00'}` : '')}
        />
        {/* The field's label names the date; the time has its own, and an id of its own. */}
        <FieldContextProvider value={undefined}>
          <TimePicker
            className={styles.time}
            input={{ className: styles.timeInput }}
            aria-label={t('components:date_field.time', { label })}
            freeform
            hourCycle="h23"
            increment={30}
            dateAnchor={date ?? undefined}
            selectedTime={selectedTime}
            disabled={!date}
            onTimeChange={(_event, data) => {
              if (!date || !data.selectedTime) return;
              const chosen = data.selectedTime;
              onChange(
                `${toDateValue(date)}T${pad(chosen.getHours())}:${pad(chosen.getMinutes())}`,
              );
            }}
          />
        </FieldContextProvider>
      </div>
    </Field>
  );
}
