import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  mergeClasses,
  type TableProps,
  type TableRowProps,
} from '@fluentui/react-components';
import type { CSSProperties, Key, ReactNode } from 'react';

export interface PlainTableColumn<T> {
  id: string;
  /** Left out: an empty heading (a column of buttons). */
  label?: ReactNode;
  /** For a heading that shows no words of its own. */
  ariaLabel?: string;
  /** Given to the heading and to every cell of the column. */
  className?: string;
  /** The heading's own class, instead of `className`. */
  headerClassName?: string;
  headerStyle?: CSSProperties;
  /** A class of one cell, from its item (e.g. a value that changed). */
  cellClassName?: (item: T) => string;
  render: (item: T) => ReactNode;
}

const useStyles = makeStyles({
  // Fluent's table gives every column an equal share of the width: on a phone a word longer
  // than its column ("Communicates", "Contribution") would run over the next cell.
  cell: { overflowWrap: 'anywhere' },
});

/**
 * A table of items: a heading row, then a row an item, one cell a column. (A list a person
 * hides columns of, or reads as cards on a phone, is a `DataTable`, drawn with this one.)
 */
export function PlainTable<T>({
  label,
  columns,
  items,
  rowKey,
  rowProps,
  size,
  className,
}: {
  label: string;
  columns: PlainTableColumn<T>[];
  items: readonly T[];
  rowKey: (item: T) => Key;
  /** Attributes of an item's row, e.g. a `data-testid` or what a click on it does. */
  rowProps?: (item: T) => TableRowProps & Record<`data-${string}`, string | boolean | undefined>;
  size?: TableProps['size'];
  className?: string;
}) {
  const styles = useStyles();
  return (
    <Table size={size} className={className} aria-label={label}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHeaderCell
              key={column.id}
              className={mergeClasses(styles.cell, column.headerClassName ?? column.className)}
              style={column.headerStyle}
              aria-label={column.ariaLabel}
            >
              {column.label}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={rowKey(item)} {...rowProps?.(item)}>
            {columns.map((column) => (
              <TableCell
                key={column.id}
                className={mergeClasses(
                  styles.cell,
                  column.cellClassName?.(item) ?? column.className,
                )}
              >
                {column.render(item)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
