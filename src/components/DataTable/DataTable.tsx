import {
  Button,
  makeStyles,
  Menu,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ColumnTripleEditRegular } from '@fluentui/react-icons';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/lib/device';
import { PlainTable } from '../PlainTable';
import { useColumnOptions, type DataTableId } from './use-column-options';
import { columnList, column } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalXS },
  options: { display: 'flex', justifyContent: 'flex-end' },
  scroll: { overflowX: 'auto' },
  // Columns as wide as their content (a header is never broken mid-word), the card scrolls.
  table: { tableLayout: 'auto', minWidth: '100%' },
  head: { whiteSpace: 'nowrap' },
  cell: { verticalAlign: 'middle' },
  /** Phones: each row a card of label and value pairs instead of a table wider than the screen. */
  cards: { ...columnList, gap: tokens.spacingVerticalS },
  card: {
    ...column,
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'minmax(88px, 35%) 1fr',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, minWidth: 0, overflowWrap: 'break-word' },
  clickable: { cursor: 'pointer' },
  dimmed: { opacity: 0.5 },
  empty: { padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground3 },
});

export interface DataTableColumn<T> {
  id: string;
  label: string;
  render: (item: T) => ReactNode;
  /** Hidden until the person shows it. */
  defaultHidden?: boolean;
  /** Cannot be hidden (the name column). */
  alwaysShown?: boolean;
  /** Minimum width of the column, e.g. '220px' for names. */
  minWidth?: string;
}

export interface DataTableProps<T> {
  /** Names where the column options are kept (spec 2.11). */
  tableId: DataTableId;
  label: string;
  items: T[];
  columns: DataTableColumn<T>[];
  getRowId: (item: T) => string | number;
  onRowClick?: (item: T) => void;
  /** Rows of deleted accounts, shown at half opacity. */
  isDimmed?: (item: T) => boolean;
  emptyText?: string;
}

/**
 * The shared data table (spec 2.11): columns the person can show and hide, remembered per
 * table on this device; rows that open on click or Enter; deleted accounts at half opacity.
 */
export function DataTable<T>({
  tableId,
  label,
  items,
  columns,
  getRowId,
  onRowClick,
  isDimmed,
  emptyText,
}: DataTableProps<T>) {
  const styles = useStyles();
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { hidden, setHidden } = useColumnOptions(
    tableId,
    columns.filter((c) => c.defaultHidden).map((c) => c.id),
  );
  const shown = columns.filter((c) => c.alwaysShown || !hidden.includes(c.id));
  const checked = columns.filter((c) => !hidden.includes(c.id)).map((c) => c.id);

  const open = (item: T) => onRowClick?.(item);
  const onKeyDown = (event: KeyboardEvent, item: T) => {
    if (event.key === 'Enter') open(item);
  };

  return (
    <div className={styles.root}>
      <div className={styles.options}>
        <Menu
          checkedValues={{ columns: checked }}
          onCheckedValueChange={(_event, data) =>
            setHidden(columns.map((c) => c.id).filter((id) => !data.checkedItems.includes(id)))
          }
        >
          <MenuTrigger disableButtonEnhancement>
            <Button appearance="subtle" size="small" icon={<ColumnTripleEditRegular />}>
              {t('components:data_table.columns')}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {columns.map((column) => (
                <MenuItemCheckbox
                  key={column.id}
                  name="columns"
                  value={column.id}
                  disabled={column.alwaysShown}
                >
                  {column.label}
                </MenuItemCheckbox>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      </div>
      {isMobile ? (
        <ul className={styles.cards} aria-label={label}>
          {items.map((item) => {
            const [title, ...rest] = shown;
            return (
              <li
                key={getRowId(item)}
                className={mergeClasses(
                  styles.card,
                  onRowClick && styles.clickable,
                  isDimmed?.(item) && styles.dimmed,
                )}
                onClick={onRowClick ? () => open(item) : undefined}
                data-dimmed={isDimmed?.(item) || undefined}
              >
                <div>{title.render(item)}</div>
                <dl className={styles.cards}>
                  {rest.map((column) => (
                    <div key={column.id} className={styles.pair}>
                      <dt className={styles.term}>{column.label}</dt>
                      <dd className={styles.value}>{column.render(item)}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className={styles.scroll}>
          <PlainTable
            label={label}
            size="small"
            className={styles.table}
            items={items}
            rowKey={getRowId}
            rowProps={(item) => ({
              className: mergeClasses(
                onRowClick && styles.clickable,
                isDimmed?.(item) && styles.dimmed,
              ),
              tabIndex: onRowClick ? 0 : undefined,
              onClick: onRowClick ? () => open(item) : undefined,
              onKeyDown: onRowClick ? (event) => onKeyDown(event, item) : undefined,
              'data-dimmed': isDimmed?.(item) || undefined,
            })}
            columns={shown.map((column) => ({
              id: column.id,
              label: column.label,
              headerClassName: styles.head,
              headerStyle: { minWidth: column.minWidth },
              className: styles.cell,
              render: column.render,
            }))}
          />
        </div>
      )}
      {items.length === 0 && (
        <Text as="p" className={styles.empty}>
          {emptyText ?? t('components:data_table.empty')}
        </Text>
      )}
    </div>
  );
}
