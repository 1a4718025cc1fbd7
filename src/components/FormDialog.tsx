import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  mergeClasses,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from './BusyButton';
import type { useDiscardGuard } from './discard-guard';
import { useDialogRoom } from './dialog-room';

/**
 * A dialog around one form: its title, its fields, then Cancel and the button that sends it.
 * Enter in a field sends the form, which the browser is then kept from posting itself.
 */
export function FormDialog({
  open = true,
  title,
  onSubmit,
  onClose,
  guard,
  cancelDisabled,
  submitLabel,
  submitDisabled,
  busy = false,
  extraActions,
  children,
  surfaceClassName,
  bodyClassName,
  contentClassName,
  actionsClassName,
  submitClassName,
  nested,
  noValidate,
}: {
  open?: boolean;
  title: ReactNode;
  onSubmit: () => void;
  /** What Cancel does, and Escape or a click beside the dialog unless `guard` asks first. */
  onClose: () => void;
  /** Asks "Discard changes?" before Escape or a click beside the dialog throw the typing away. */
  guard?: ReturnType<typeof useDiscardGuard>;
  cancelDisabled?: boolean;
  /** Left out, the form has no way to be sent yet (e.g. nothing is set up to receive it). */
  submitLabel?: string;
  submitDisabled?: boolean;
  /** The sending is under way: the submit button turns into a spinner. */
  busy?: boolean;
  /** Buttons before Cancel, e.g. Delete. */
  extraActions?: ReactNode;
  children: ReactNode;
  surfaceClassName?: string;
  bodyClassName?: string;
  contentClassName?: string;
  actionsClassName?: string;
  submitClassName?: string;
  /** Another question that opens over the form from inside it (e.g. "Delete this?"). */
  nested?: ReactNode;
  /** The form shows its own words for empty fields instead of the browser's. */
  noValidate?: boolean;
}) {
  const { t } = useTranslation();
  const room = useDialogRoom();
  return (
    <Dialog
      open={open}
      onOpenChange={guard ? guard.onOpenChange : (_event, data) => !data.open && onClose()}
    >
      <DialogSurface className={mergeClasses(room.surface, surfaceClassName)}>
        {guard?.confirmDialog}
        {nested}
        <form
          noValidate={noValidate}
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <DialogBody className={mergeClasses(room.body, bodyClassName)}>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={contentClassName}>{children}</DialogContent>
            <DialogActions className={actionsClassName}>
              {extraActions}
              <Button appearance="secondary" disabled={cancelDisabled} onClick={onClose}>
                {t('app:actions.cancel')}
              </Button>
              {submitLabel !== undefined && (
                <BusyButton
                  busy={busy}
                  type="submit"
                  appearance="primary"
                  disabled={submitDisabled}
                  className={submitClassName}
                >
                  {submitLabel}
                </BusyButton>
              )}
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
