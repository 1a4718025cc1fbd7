import { Badge, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { Fragment, useState, type DragEvent, type ReactNode } from 'react';
import { boardLane } from '@/lib/styles';

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
  column: { ...boardLane, minHeight: '120px' },
  columnHead: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
  dropTarget: {
    outline: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`,
    outlineOffset: '-2px',
  },
  draggable: { cursor: 'grab' },
});

/** The drag's payload type: only cards of a board are dropped on its columns. */
const CARD_TYPE = 'application/x-teamloop-board-card';

/**
 * Cards in columns side by side (the board view of tasks and of objectives). Each column is a
 * labelled region with its count: in a badge, or after the label in brackets (`countAs="text"`).
 */
export function Board<T>({
  columns,
  keyOf,
  renderCard,
  countAs = 'badge',
  onMove,
}: {
  columns: BoardColumn<T>[];
  keyOf: (item: T) => string | number;
  renderCard: (item: T) => ReactNode;
  countAs?: 'badge' | 'text';
  /**
   * Cards can be dragged to another column when given (a mouse alternative only: the card
   * itself must offer the same move from the keyboard, e.g. a "Move to" menu).
   */
  onMove?: (item: T, toColumn: string) => void;
}) {
  const styles = useStyles();
  const [over, setOver] = useState<string | null>(null);
  const drop = (columnId: string) => (event: DragEvent) => {
    setOver(null);
    const key = event.dataTransfer.getData(CARD_TYPE);
    const from = columns.find((column) => column.items.some((item) => String(keyOf(item)) === key));
    const item = from?.items.find((candidate) => String(keyOf(candidate)) === key);
    if (!item || from?.id === columnId) return;
    event.preventDefault();
    onMove?.(item, columnId);
  };
  const dropProps = (columnId: string) =>
    onMove
      ? {
          onDragOver: (event: DragEvent) => {
            if (!event.dataTransfer.types.includes(CARD_TYPE)) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            setOver(columnId);
          },
          onDragLeave: (event: DragEvent) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
          },
          onDrop: drop(columnId),
        }
      : {};
  return (
    <div
      className={styles.board}
      style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(220px, 1fr))` }}
    >
      {columns.map((column) => (
        <section
          key={column.id}
          className={mergeClasses(styles.column, over === column.id && styles.dropTarget)}
          aria-label={column.label}
          data-column={column.id}
          {...dropProps(column.id)}
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
          {column.items.map((item) =>
            onMove ? (
              <div
                key={keyOf(item)}
                draggable
                className={styles.draggable}
                onDragStart={(event) => {
                  event.dataTransfer.setData(CARD_TYPE, String(keyOf(item)));
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onDragEnd={() => setOver(null)}
              >
                {renderCard(item)}
              </div>
            ) : (
              <Fragment key={keyOf(item)}>{renderCard(item)}</Fragment>
            ),
          )}
        </section>
      ))}
    </div>
  );
}
