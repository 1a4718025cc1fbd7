import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  type DialogProps,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { useDiscardGuard } from './discard-guard';

/**
 * A dialog that is not one form: its title, what it shows, and its buttons. (A dialog around a
 * form is a `FormDialog`.)
 */
export function SimpleDialog({
  open = true,
  onClose,
  guard,
  modalType,
  title,
  children,
  actions,
  fluidActions,
  surfaceClassName,
  contentClassName,
  nested,
}: {
  open?: boolean;
  /** Escape or a click beside the dialog (left out: only its own buttons close it). */
  onClose?: () => void;
  /** Asks "Discard changes?" before Escape or a click beside the dialog throw the typing away. */
  guard?: ReturnType<typeof useDiscardGuard>;
  modalType?: DialogProps['modalType'];
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  /** The buttons share the whole width (on a narrow screen, each on its own line). */
  fluidActions?: boolean;
  surfaceClassName?: string;
  contentClassName?: string;
  /** Another question that opens over this one from inside it (e.g. "Reset the link?"). */
  nested?: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      modalType={modalType}
      onOpenChange={guard ? guard.onOpenChange : (_event, data) => !data.open && onClose?.()}
    >
      <DialogSurface className={surfaceClassName}>
        {guard?.confirmDialog}
        {nested}
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={contentClassName}>{children}</DialogContent>
          {actions && <DialogActions fluid={fluidActions}>{actions}</DialogActions>}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
