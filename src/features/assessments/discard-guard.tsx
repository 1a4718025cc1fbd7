import type { DialogOpenChangeData } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/ConfirmDialog';

/**
 * Escape or a click outside a dialog never throws away what was typed without asking
 * ("Discard changes?"). Pass `onOpenChange` to the Dialog and render `confirmDialog` inside
 * its DialogSurface: Fluent nests the question in it (an Escape there closes only the
 * question), and the dialog behind stays readable by screen readers once it is answered.
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
      title: t('assessments:discard.title'),
      message: t('assessments:discard.message'),
      confirmLabel: t('assessments:discard.confirm'),
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
