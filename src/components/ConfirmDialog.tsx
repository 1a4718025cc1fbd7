import { Button } from '@fluentui/react-components';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleDialog } from './SimpleDialog';

export interface ConfirmRequest {
  message: string;
  /** The button that does it, in words ("Delete", "Leave"); also the title unless one is given. */
  confirmLabel: string;
  title?: string;
  /** The button that steps back, when "Cancel" would be unclear ("Keep editing"). */
  cancelLabel?: string;
}

/**
 * Asks before something that cannot be undone, in a Fluent dialog rather than
 * `window.confirm`: the Teams desktop client does not show the browser's dialogs, so there a
 * confirm would silently answer "no". `confirm` resolves true when the person agrees;
 * render `dialog` once in the component that asks.
 */
export function useConfirm(): [(request: ConfirmRequest) => Promise<boolean>, ReactNode] {
  const { t } = useTranslation();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const answer = useRef<(agreed: boolean) => void>(undefined);

  const confirm = useCallback(
    (next: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setRequest(next);
      }),
    [],
  );
  const close = (agreed: boolean) => {
    answer.current?.(agreed);
    answer.current = undefined;
    setRequest(null);
  };

  const dialog = (
    <SimpleDialog
      open={request !== null}
      modalType="alert"
      onClose={() => close(false)}
      title={request?.title ?? request?.confirmLabel}
      actions={
        <>
          <Button appearance="secondary" onClick={() => close(false)}>
            {request?.cancelLabel ?? t('app:actions.cancel')}
          </Button>
          <Button appearance="primary" onClick={() => close(true)}>
            {request?.confirmLabel}
          </Button>
        </>
      }
    >
      {request?.message}
    </SimpleDialog>
  );
  return [confirm, dialog];
}
