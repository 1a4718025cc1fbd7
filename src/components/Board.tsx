import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { Fragment, type ReactNode } from 'react';

/** One column of a board: what it is (for tests and styles), its heading and its cards. */
export interface BoardColumn<T> {
  id: string;
  label: string;
  items: T[];
}

const useStyles = makeStyles({
  // The board scrolls sideways inside its card; no column is cut at the edge.
  board: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    overflowX: 'auto',
    maxWidth: '100%',
    paddingBottom: tokens.spacingVerticalS,
  },
  column: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
    minHeight: '120px',
  },
  columnHead: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
});

/**
 * Cards in columns side by side (the board view of tasks and of objectives). Each column is a
 * labelled region with its count: in a badge, or after the label in brackets (`countAs="text"`).
 */
export function Board<T>({
  columns,
  keyOf,
  renderCard,
  countAs = 'badge',
}: {
  columns: BoardColumn<T>[];
  keyOf: (item: T) => string | number;
  renderCard: (item: T) => ReactNode;
  countAs?: 'badge' | 'text';
}) {
  const styles = useStyles();
  return (
    <div
      className={styles.board}
      style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(220px, 1fr))` }}
    >
      {columns.map((column) => (
        <section
          key={column.id}
          className={styles.column}
          aria-label={column.label}
          data-column={column.id}
        >
          {countAs === 'badge' ? (
            <div className={styles.columnHead}>
              <Text weight="semibold">{column.label}</Text>
              <Badge appearance="tint">{column.items.length}</Badge>
            </div>
          ) : (
            <Text weight="semibold">
              {column.label} ({column.items.length})
            </Text>
          )}
          {column.items.map((item) => (
            <Fragment key={keyOf(item)}>{renderCard(item)}</Fragment>
          ))}
        </section>
      ))}
    </div>
  );
}
