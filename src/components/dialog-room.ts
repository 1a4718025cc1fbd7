import { makeStyles } from '@fluentui/react-components';

/** Room kept above and below a tall dialog, so the page it belongs to still shows on a phone. */
const WINDOW_MARGIN = '24px';
/** Fluent's padding of the dialog surface, which its body's height leaves out. */
const SURFACE_PADDING = '24px';
/** Fluent's own limit for short windows, where the whole surface scrolls instead. */
const TALL_ENOUGH = '@media screen and (min-height: 360px)';

/**
 * The heights of a dialog's surface and body: Fluent lets a tall dialog fill the window, which
 * hides what it was opened from.
 */
export const useDialogRoom = makeStyles({
  surface: {
    [TALL_ENOUGH]: { maxHeight: `calc(100dvh - 2 * ${WINDOW_MARGIN})` },
  },
  body: {
    [TALL_ENOUGH]: {
      maxHeight: `calc(100dvh - 2 * ${WINDOW_MARGIN} - 2 * ${SURFACE_PADDING})`,
    },
  },
});
