import { DialogActions, DialogContent } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { DialogFrame, type DialogFrameProps } from './DialogFrame';

/**
 * A dialog that is not one form: its title, what it shows, and its buttons. (A dialog around a
 * form is a `FormDialog`.)
 */
export function SimpleDialog({
  children,
  actions,
  fluidActions,
  contentClassName,
  ...frame
}: DialogFrameProps & {
  actions?: ReactNode;
  /** The buttons share the whole width (on a narrow screen, each on its own line). */
  fluidActions?: boolean;
  contentClassName?: string;
}) {
  return (
    <DialogFrame {...frame}>
      <DialogContent className={contentClassName}>{children}</DialogContent>
      {actions && <DialogActions fluid={fluidActions}>{actions}</DialogActions>}
    </DialogFrame>
  );
}
