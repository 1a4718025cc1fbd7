import { tokens } from '@fluentui/react-components';

/**
 * Style pieces that many screens repeat, to spread into a `makeStyles` slot beside what is the
 * slot's own: `list: { ...columnList, gap: tokens.spacingVerticalS }`.
 */

/** A flex box whose children stand in a column. */
export const column = { display: 'flex', flexDirection: 'column' } as const;

/** The blocks of a page, one under the other, well apart. */
export const pageColumn = { ...column, gap: tokens.spacingVerticalL } as const;

/** A flex box whose children stand in a row, centred on its cross axis, wrapping on a narrow screen. */
export const wrappingRow = { display: 'flex', flexWrap: 'wrap', alignItems: 'center' } as const;

/** A list without bullets or indent. */
export const bareList = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** A list without bullets or indent whose items stand in a column. */
export const columnList = { ...bareList, ...column } as const;

/** Read by screen readers, not shown: for words a chart or a table states by its drawing. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/** A column of a board: a grey lane its cards stand in, one under the other. */
export const boardLane = {
  ...column,
  gap: tokens.spacingVerticalS,
  padding: tokens.spacingHorizontalS,
  backgroundColor: tokens.colorNeutralBackground2,
  borderRadius: tokens.borderRadiusMedium,
} as const;

/** A grid of tiles at least `minWidth` wide, as many to a row as fit. */
export const tileGrid = (minWidth: `${number}px`) =>
  ({
    display: 'grid',
    gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}, 1fr))`,
  }) as const;

/**
 * A grid of cells at least `minWidth` wide, as many to a row as fit (room kept for more), each
 * the whole width on a screen narrower than that.
 */
export const cellGrid = (minWidth: `${number}px`) =>
  ({
    display: 'grid',
    gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minWidth}), 1fr))`,
  }) as const;

/**
 * Form fields side by side, each at least `minWidth` wide, a few stretched across the row, one
 * under the other on a narrow screen: the inputs shrink to their cells.
 */
export const fieldGrid = (minWidth: `${number}px`) =>
  ({
    display: 'grid',
    gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${minWidth}), 1fr))`,
    '& .fui-Input': { minWidth: 0 },
  }) as const;

/** A narrow column in the middle of the page, its words centred: empty states, error pages. */
export const centredMessage = {
  ...column,
  alignItems: 'center',
  textAlign: 'center',
  gap: tokens.spacingVerticalM,
  padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
  maxWidth: '560px',
  margin: '0 auto',
  '& > h1, & > h2, & > h3, & > p': { margin: 0 },
} as const;
