import {
  Dialog,
  DialogBody,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  type DialogProps,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { useDiscardGuard } from './discard-guard';
import { useDialogRoom } from './dialog-room';

const useStyles = makeStyles({
  // Fluent lays the body out as a grid (title, content across, actions at the end): a form
  // around content and actions takes no cell of its own, so they keep their places.
  body: { '& > form': { display: 'contents' } },
});

export interface DialogFrameProps {
  open?: boolean;
  /** Escape or a click beside the dialog (left out: only its own buttons close it). */
  onClose?: () => void;
  /** Asks "Discard changes?" before Escape or a click beside the dialog throw the typing away. */
  guard?: ReturnType<typeof useDiscardGuard>;
  modalType?: DialogProps['modalType'];
  title: ReactNode;
  /** What stands under the title. */
  children: ReactNode;
  surfaceClassName?: string;
  /** Another question that opens over this one from inside it (e.g. "Reset the link?"). */
  nested?: ReactNode;
}

/**
 * The frame of a dialog: its surface, its title, and how Escape or a click beside it closes it.
 * What stands under the title (DialogContent, DialogActions, a form around them) is the caller's:
 * a dialog whose steps change both its content and its buttons lays them out itself. (Most
 * dialogs are a `SimpleDialog` or a `FormDialog`.)
 */
export function DialogFrame({
  open = true,
  onClose,
  guard,
  modalType,
  title,
  children,
  surfaceClassName,
  nested,
}: DialogFrameProps) {
  const styles = useStyles();
  const room = useDialogRoom();
  return (
    <Dialog
      open={open}
      modalType={modalType}
      onOpenChange={guard ? guard.onOpenChange : (_event, data) => !data.open && onClose?.()}
    >
      <DialogSurface className={mergeClasses(room.surface, surfaceClassName)}>
        {guard?.confirmDialog}
        {nested}
        <DialogBody className={mergeClasses(room.body, styles.body)}>
          <DialogTitle>{title}</DialogTitle>
          {children}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
