import { Toast, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { onNotice } from '@/lib/notify';

/** Spec 9: the notification stack sits 120 px above the bottom edge. */
const STACK_OFFSET = { vertical: 120 };

/** Shows every notice raised through lib/notify as a Fluent toast. */
export function Notifier() {
  const toasterId = useId('notifier');
  const { dispatchToast } = useToastController(toasterId);

  useEffect(
    () =>
      onNotice((notice) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{notice.text}</ToastTitle>
          </Toast>,
          { intent: notice.intent, timeout: notice.timeout, pauseOnHover: true },
        ),
      ),
    [dispatchToast],
  );

  return <Toaster toasterId={toasterId} position="bottom-end" offset={STACK_OFFSET} />;
}
