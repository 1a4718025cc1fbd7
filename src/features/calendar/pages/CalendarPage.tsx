import { Button, makeStyles, mergeClasses, Text, Title2, tokens } from '@fluentui/react-components';
import {
  AddRegular,
  ArrowSyncRegular,
  CalendarLtrRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
  RssRegular,
} from '@fluentui/react-icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type RefCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_ITEM_KINDS, type CalendarItem, type CalendarItemKind } from '@contracts/calendar';
import { EmptyState } from '@/components/EmptyState';
import { FormAlert } from '@/components/FormAlert';
import { RouterButton, RouterLink } from '@/components/RouterLink';
import { useSignedInUser } from '@/lib/current-user';
import { useIsMobile } from '@/lib/device';
import type { ApiError } from '@/lib/http';
import { calendarApi, calendarKeys } from '../api';
import { EventDialog, type EventDialogMode } from '../components/EventDialog';
import { FeedDialog } from '../components/FeedDialog';
import {
  addDays,
  dayLabel,
  daysOfView,
  firstDayOfWeek,
  instantAt,
  periodTitle,
  placeOf,
  shiftDay,
  todayIn,
  type CalendarView,
  type DayKey,
} from '../time';
import { column, wrappingRow } from '@/lib/styles';
import { SkeletonRows } from '@/components/SkeletonRows';
import { ChoiceTabs } from '@/components/ChoiceTabs';

const HOUR_HEIGHT = 44;
/** The hour a day or week opens at (earlier hours are a scroll up), as Outlook does. */
const FIRST_SHOWN_HOUR = 7;

/** Scrolls a time grid to the working day when it first shows. */
const openAtWorkingDay: RefCallback<HTMLDivElement> = (grid) => {
  if (grid && grid.dataset.opened !== 'true') {
    grid.dataset.opened = 'true';
    grid.scrollTop = FIRST_SHOWN_HOUR * HOUR_HEIGHT;
  }
};
const VIEWS: CalendarView[] = ['month', 'week', 'day'];

/** Each kind in its own colour, from Fluent's palette so the Teams themes (and high contrast) hold. */
const KIND_COLOURS: Record<CalendarItemKind, { background: string; border: string }> = {
  event: { background: tokens.colorBrandBackground2, border: tokens.colorBrandStroke1 },
  meeting: {
    background: tokens.colorPaletteBerryBackground2,
    border: tokens.colorPaletteBerryBorderActive,
  },
  task_deadline: {
    background: tokens.colorPaletteRedBackground2,
    border: tokens.colorPaletteRedBorderActive,
  },
  assessment_deadline: {
    background: tokens.colorPaletteMarigoldBackground2,
    border: tokens.colorPaletteMarigoldBorderActive,
  },
  check_in: {
    background: tokens.colorPaletteGreenBackground2,
    border: tokens.colorPaletteGreenBorderActive,
  },
};

const colour = (kind: CalendarItemKind) => ({
  backgroundColor: KIND_COLOURS[kind].background,
  borderLeftColor: KIND_COLOURS[kind].border,
});
const useKindStyles = makeStyles({
  event: colour('event'),
  meeting: colour('meeting'),
  task_deadline: colour('task_deadline'),
  assessment_deadline: colour('assessment_deadline'),
  check_in: colour('check_in'),
});

const useStyles = makeStyles({
  page: { ...column, gap: tokens.spacingVerticalM },
  toolbar: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  spacer: { flexGrow: 1 },
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  legendEntry: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  swatch: {
    width: '12px',
    height: '12px',
    borderRadius: tokens.borderRadiusSmall,
    borderLeftWidth: '3px',
    borderLeftStyle: 'solid',
  },
  month: {
    display: 'grid',
    gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  weekday: {
    padding: tokens.spacingVerticalXS,
    textAlign: 'center',
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground3,
  },
  cell: {
    minHeight: '96px',
    padding: tokens.spacingVerticalXXS,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    ...column,
    gap: '2px',
    minWidth: 0,
    cursor: 'pointer',
  },
  outside: { backgroundColor: tokens.colorNeutralBackground2 },
  dayNumber: {
    alignSelf: 'flex-start',
    minWidth: 'auto',
    padding: `0 ${tokens.spacingHorizontalXS}`,
  },
  today: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    borderRadius: tokens.borderRadiusCircular,
  },
  item: {
    display: 'block',
    borderLeftWidth: '3px',
    borderLeftStyle: 'solid',
    borderRadius: tokens.borderRadiusSmall,
    padding: `1px ${tokens.spacingHorizontalXS}`,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    textAlign: 'start',
    textDecorationLine: 'none',
    border: 'none',
    width: '100%',
    boxSizing: 'border-box',
    cursor: 'pointer',
    ':hover': { textDecorationLine: 'underline' },
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: '56px repeat(var(--days), minmax(0, 1fr))',
    maxHeight: '640px',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  gridHead: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: tokens.spacingVerticalXS,
    textAlign: 'center',
    ...column,
    gap: '2px',
  },
  hours: { ...column },
  hour: {
    height: `${HOUR_HEIGHT}px`,
    boxSizing: 'border-box',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase100,
    textAlign: 'end',
    paddingRight: tokens.spacingHorizontalXS,
  },
  column: {
    position: 'relative',
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  slot: {
    display: 'block',
    width: '100%',
    height: `${HOUR_HEIGHT}px`,
    boxSizing: 'border-box',
    border: 'none',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    backgroundColor: 'transparent',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
  },
  placed: { position: 'absolute', left: '2px', right: '2px', zIndex: 1, whiteSpace: 'normal' },
  agenda: { ...column, gap: tokens.spacingVerticalM },
  agendaDay: { ...column, gap: tokens.spacingVerticalXS },
  agendaItem: { fontSize: tokens.fontSizeBase300, padding: tokens.spacingVerticalXS },
  fill: { height: '100%' },
});

type Dialog = { kind: 'event'; mode: EventDialogMode } | { kind: 'feed' } | null;

/** The person's calendar: events, deadlines, meetings and check-ins in their time zone. */
export default function CalendarPage() {
  const styles = useStyles();
  const kindStyles = useKindStyles();
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const phone = useIsMobile();
  const zone = user.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone;
  const language = i18n.language === 'vi' ? 'vi' : 'en';
  const [view, setView] = useState<CalendarView>('week');
  const [day, setDay] = useState<DayKey>(() => todayIn(zone));
  const [dialog, setDialog] = useState<Dialog>(null);
  const today = todayIn(zone);

  const days = useMemo(
    () => daysOfView(view, day, firstDayOfWeek(language)),
    [view, day, language],
  );
  const range = { from: instantAt(days[0], zone), to: instantAt(addDays(days.at(-1)!, 1), zone) };
  const calendar = useQuery({
    queryKey: calendarKeys.range(range),
    queryFn: () => calendarApi.list(range),
    placeholderData: keepPreviousData,
  });
  const byDay = useMemo(() => {
    const map = new Map<DayKey, CalendarItem[]>();
    for (const item of calendar.data ?? []) {
      const place = placeOf(item, zone);
      for (let at = place.firstDay; at <= place.lastDay; at = addDays(at, 1)) {
        map.set(at, [...(map.get(at) ?? []), item]);
      }
    }
    return map;
  }, [calendar.data, zone]);

  const openEvent = useMutation({
    mutationFn: (item: CalendarItem) => calendarApi.event(item.id),
    onSuccess: (event, item) => setDialog({ kind: 'event', mode: { kind: 'edit', event, item } }),
  });
  const create = (start: string, allDay = false) =>
    setDialog({ kind: 'event', mode: { kind: 'create', start, allDay } });

  const chip = (item: CalendarItem, className?: string) => {
    const time = placeOf(item, zone).time;
    const label = `${time ? `${time} ` : ''}${item.title}`;
    const full = `${t(`calendar:kinds.${item.kind}`)}: ${label}`;
    const classes = mergeClasses(styles.item, kindStyles[item.kind], className);
    if (item.kind === 'event' && item.editable) {
      return (
        <button
          key={item.key}
          type="button"
          className={classes}
          title={full}
          aria-label={full}
          onClick={(event) => {
            event.stopPropagation();
            openEvent.mutate(item);
          }}
        >
          {label}
        </button>
      );
    }
    if (item.link) {
      return (
        <RouterLink
          key={item.key}
          to={item.link}
          className={classes}
          aria-label={full}
          onClick={(event) => event.stopPropagation()}
        >
          {label}
        </RouterLink>
      );
    }
    return (
      <span key={item.key} className={classes} title={full}>
        {label}
      </span>
    );
  };

  const monthView = (
    <div className={styles.month} role="grid" aria-label={periodTitle(view, days, language)}>
      {days.slice(0, 7).map((weekday) => (
        <div key={weekday} className={styles.weekday} role="columnheader">
          {dayLabel(weekday, language, { weekday: 'short' })}
        </div>
      ))}
      {days.map((at) => (
        <div
          key={at}
          role="gridcell"
          data-day={at}
          aria-label={dayLabel(at, language, { dateStyle: 'full' })}
          className={mergeClasses(
            styles.cell,
            at.slice(0, 7) !== day.slice(0, 7) && styles.outside,
          )}
          onClick={() => create(`${at}T09:00`)}
        >
          <Button
            appearance="subtle"
            size="small"
            className={mergeClasses(styles.dayNumber, at === today && styles.today)}
            aria-label={t('calendar:new_on', {
              day: dayLabel(at, language, { dateStyle: 'full' }),
            })}
            onClick={(event) => {
              event.stopPropagation();
              create(`${at}T09:00`);
            }}
          >
            {Number(at.slice(8))}
          </Button>
          {(byDay.get(at) ?? []).map((item) => chip(item))}
        </div>
      ))}
    </div>
  );

  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  const timeGrid = (
    <div
      ref={openAtWorkingDay}
      className={styles.grid}
      style={{ '--days': days.length } as React.CSSProperties}
      aria-label={periodTitle(view, days, language)}
      role="group"
      // It scrolls: the keyboard must be able to reach and scroll it.
      tabIndex={0}
    >
      <div className={styles.gridHead} />
      {days.map((at) => (
        <div key={`head-${at}`} className={styles.gridHead} data-day-head={at}>
          <Text weight={at === today ? 'bold' : 'regular'}>
            {dayLabel(at, language, { weekday: 'short', day: 'numeric' })}
          </Text>
          {(byDay.get(at) ?? []).filter((item) => item.all_day).map((item) => chip(item))}
        </div>
      ))}
      <div className={styles.hours} aria-hidden>
        {hours.map((hour) => (
          <div key={hour} className={styles.hour}>
            {`${String(hour).padStart(2, '0')}:00`}
          </div>
        ))}
      </div>
      {days.map((at) => (
        <div
          key={at}
          className={styles.column}
          data-day={at}
          role="group"
          aria-label={dayLabel(at, language, { dateStyle: 'full' })}
        >
          {hours.map((hour) => {
            const time = `${String(hour).padStart(2, '0')}:00`;
            return (
              <button
                key={hour}
                type="button"
                className={styles.slot}
                // One tab stop per hour and day would bury the page; "New event" is the keyboard's way.
                tabIndex={-1}
                aria-label={t('calendar:new_at', {
                  day: dayLabel(at, language, { dateStyle: 'full' }),
                  time,
                })}
                onClick={() => create(`${at}T${time}`)}
              />
            );
          })}
          {(byDay.get(at) ?? [])
            .filter((item) => !item.all_day)
            .map((item) => {
              const place = placeOf(item, zone);
              const top = place.firstDay === at ? place.startMinutes : 0;
              const bottom = place.lastDay === at ? place.endMinutes : 24 * 60;
              return (
                <div
                  key={item.key}
                  className={styles.placed}
                  style={{
                    top: `${(top / 60) * HOUR_HEIGHT}px`,
                    height: `${Math.max(((bottom - top) / 60) * HOUR_HEIGHT, 20)}px`,
                  }}
                >
                  {chip(item, styles.fill)}
                </div>
              );
            })}
        </div>
      ))}
    </div>
  );

  const withItems = days.filter((at) => (byDay.get(at) ?? []).length > 0);
  const agenda =
    withItems.length === 0 ? (
      <EmptyState
        icon={<CalendarLtrRegular />}
        title={t('calendar:empty.title')}
        description={t('calendar:empty.description')}
      />
    ) : (
      <div className={styles.agenda}>
        {withItems.map((at) => (
          <section key={at} className={styles.agendaDay} data-day={at}>
            <Text as="h2" weight="semibold">
              {dayLabel(at, language, { weekday: 'long', day: 'numeric', month: 'long' })}
            </Text>
            {(byDay.get(at) ?? []).map((item) => chip(item, styles.agendaItem))}
          </section>
        ))}
      </div>
    );

  const body = calendar.isPending ? (
    <SkeletonRows label={t('calendar:loading')} rows={3} size={48} />
  ) : phone ? (
    agenda
  ) : view === 'month' ? (
    monthView
  ) : (
    timeGrid
  );

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Title2 as="h1">{t('app:titles.calendar')}</Title2>
        <span className={styles.spacer} />
        <RouterButton to="/calendar/sync" icon={<ArrowSyncRegular />}>
          {t('calendar:sync.open')}
        </RouterButton>
        <Button icon={<RssRegular />} onClick={() => setDialog({ kind: 'feed' })}>
          {t('calendar:subscribe')}
        </Button>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => create(`${day}T09:00`)}>
          {t('calendar:event.new')}
        </Button>
      </div>
      <div className={styles.toolbar}>
        <Button onClick={() => setDay(today)}>{t('calendar:today')}</Button>
        <Button
          appearance="subtle"
          icon={<ChevronLeftRegular />}
          aria-label={t('calendar:previous')}
          onClick={() => setDay(shiftDay(view, day, -1))}
        />
        <Button
          appearance="subtle"
          icon={<ChevronRightRegular />}
          aria-label={t('calendar:next')}
          onClick={() => setDay(shiftDay(view, day, 1))}
        />
        <Text as="h2" size={400} weight="semibold" aria-live="polite">
          {periodTitle(view, days, language)}
        </Text>
        <span className={styles.spacer} />
        <ChoiceTabs
          value={view}
          choices={VIEWS}
          wordsOf={(name) => t(`calendar:views.${name}`)}
          onChange={setView}
          size="small"
          label={t('calendar:view')}
        />
      </div>
      <ul className={styles.legend} aria-label={t('calendar:legend')}>
        {CALENDAR_ITEM_KINDS.map((kind) => (
          <li key={kind} className={styles.legendEntry}>
            <span className={mergeClasses(styles.swatch, kindStyles[kind])} aria-hidden />
            <Text size={200}>{t(`calendar:kinds.${kind}`)}</Text>
          </li>
        ))}
      </ul>
      <FormAlert error={((calendar.error ?? openEvent.error) as ApiError | null) ?? null} />
      {body}
      {dialog?.kind === 'event' && (
        <EventDialog mode={dialog.mode} zone={zone} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'feed' && <FeedDialog onClose={() => setDialog(null)} />}
    </div>
  );
}
