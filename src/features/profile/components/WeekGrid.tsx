import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DAYS, HOURS, slotOf, slotsBetween } from '../week-slots';

const useStyles = makeStyles({
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  grid: {
    display: 'grid',
    gridTemplateColumns: '3.5rem repeat(7, minmax(2.5rem, 1fr))',
    gap: '2px',
    minWidth: '22rem',
    // Phones: the whole week fits (narrower hours); still narrower screens scroll inside.
    '@media (max-width: 599px)': {
      gridTemplateColumns: '2.25rem repeat(7, minmax(1.6rem, 1fr))',
      minWidth: '14.5rem',
    },
    userSelect: 'none',
    touchAction: 'none',
  },
  head: {
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    textAlign: 'center',
    paddingBottom: tokens.spacingVerticalXS,
  },
  hour: {
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    textAlign: 'right',
    paddingRight: tokens.spacingHorizontalS,
    lineHeight: '20px',
    '@media (max-width: 599px)': { paddingRight: tokens.spacingHorizontalXS },
  },
  cell: {
    height: '20px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground1,
    padding: 0,
    cursor: 'pointer',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  readOnly: { cursor: 'default' },
  selected: {
    backgroundColor: tokens.colorBrandBackground,
    border: `1px solid ${tokens.colorBrandStroke1}`,
  },
  pending: { backgroundColor: tokens.colorBrandBackground2Hover },
});

/**
 * A week of hours in the reader's time zone (Monday first). Click a cell to switch it, or
 * press and drag to set a whole rectangle to the state of the first cell's opposite.
 * Without `onChange` it only shows; `heat` shades cells by how many people are free.
 */
export function WeekGrid({
  value,
  onChange,
  heat,
  label,
}: {
  value: ReadonlySet<number>;
  onChange?: (next: Set<number>) => void;
  heat?: { counts: ReadonlyMap<number, number>; of: number };
  label: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [drag, setDrag] = useState<{ from: number; to: number; adding: boolean } | null>(null);
  const days = t('profile:availability.days', { returnObjects: true }) as string[];

  const preview = drag ? new Set(slotsBetween(drag.from, drag.to)) : null;
  const slotAt = (event: PointerEvent) => {
    const target = document.elementFromPoint(event.clientX, event.clientY) as HTMLElement | null;
    const slot = target?.dataset.slot;
    return slot === undefined ? null : Number(slot);
  };
  const finish = () => {
    if (!drag || !onChange) return;
    const next = new Set(value);
    for (const slot of slotsBetween(drag.from, drag.to)) {
      if (drag.adding) next.add(slot);
      else next.delete(slot);
    }
    setDrag(null);
    onChange(next);
  };

  return (
    <div className={styles.scroller}>
      <div
        className={styles.grid}
        role="grid"
        aria-label={label}
        onPointerMove={(event) => {
          if (!drag) return;
          const slot = slotAt(event);
          if (slot !== null && slot !== drag.to) {
            setDrag({ ...drag, to: slot });
          }
        }}
        onPointerUp={finish}
        onPointerLeave={() => drag && finish()}
      >
        <div role="row" style={{ display: 'contents' }}>
          <span />
          {DAYS.map((day) => (
            <span key={day} role="columnheader" className={styles.head}>
              {days[day]}
            </span>
          ))}
        </div>
        {HOURS.map((hour) => (
          <div key={hour} role="row" style={{ display: 'contents' }}>
            <span role="rowheader" className={styles.hour}>
              {`${String(hour).padStart(2, '0')}:00`}
            </span>
            {DAYS.map((day) => {
              const slot = slotOf(day, hour);
              const selected = value.has(slot);
              const shown = preview?.has(slot) ? drag!.adding : selected;
              const count = heat?.counts.get(slot) ?? 0;
              const name = t('profile:availability.slot', {
                day: days[day],
                hour: `${String(hour).padStart(2, '0')}:00`,
              });
              return (
                <button
                  key={slot}
                  type="button"
                  role="gridcell"
                  data-slot={slot}
                  aria-label={heat ? `${name}: ${count}/${heat.of}` : name}
                  aria-selected={shown}
                  disabled={!onChange}
                  className={mergeClasses(
                    styles.cell,
                    !onChange && styles.readOnly,
                    shown && styles.selected,
                    preview?.has(slot) && styles.pending,
                  )}
                  style={
                    heat && count > 0 && !shown
                      ? {
                          backgroundColor: tokens.colorBrandBackground2,
                          opacity: 0.35 + (0.65 * count) / Math.max(1, heat.of),
                        }
                      : undefined
                  }
                  onPointerDown={(event) => {
                    if (!onChange || event.button !== 0) return;
                    (event.currentTarget as HTMLElement).releasePointerCapture?.(event.pointerId);
                    setDrag({ from: slot, to: slot, adding: !selected });
                  }}
                  onKeyDown={(event) => {
                    if (!onChange || (event.key !== 'Enter' && event.key !== ' ')) return;
                    event.preventDefault();
                    const next = new Set(value);
                    if (selected) next.delete(slot);
                    else next.add(slot);
                    onChange(next);
                  }}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
