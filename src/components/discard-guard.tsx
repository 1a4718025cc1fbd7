import type { DialogOpenChangeData } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from './ConfirmDialog';

/**
 * What was typed in a dialog is never thrown away without asking (issue 28): Escape or a click
 * beside the dialog ask "Discard changes?" while `dirty`, and just close otherwise. Pass
 * `onOpenChange` to the Dialog (and `requestClose` to a Cancel button that should ask too), and
 * render `confirmDialog` inside its DialogSurface: Fluent nests the question in it (an Escape
 * there closes only the question), so the dialog behind stays as it was.
 */
export function useDiscardGuard(
  dirty: boolean,
  close: () => void,
): {
  onOpenChange: (event: unknown, data: DialogOpenChangeData) => void;
  requestClose: () => Promise<void>;
  /** True when nothing was typed, or the person agreed to let it go. */
  mayDiscard: () => Promise<boolean>;
  confirmDialog: ReactNode;
} {
  const { t } = useTranslation();
  const [confirm, confirmDialog] = useConfirm();
  const mayDiscard = async () =>
    !dirty ||
    confirm({
      title: t('components:discard.title'),
      message: t('components:discard.message'),
      confirmLabel: t('components:discard.confirm'),
      cancelLabel: t('components:discard.keep'),
    });
  const requestClose = async () => {
    if (await mayDiscard()) close();
  };
  return {
    onOpenChange: (_event, data) => {
      if (!data.open) void requestClose();
    },
    requestClose,
    mayDiscard,
    confirmDialog,
  };
}
