import {
  Button,
  makeStyles,
  Link,
  Toast,
  ToastBody,
  ToastTitle,
  Toaster,
  ToastTrigger,
  useId,
  useToastController,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTICE_HOLD_MS,
  noticeId,
  notify,
  onNotice,
  type Notice,
  type NoticeIntent,
} from '@/lib/notify';
import { navigateTo } from '@/lib/navigation';

const INTENTS: NoticeIntent[] = ['success', 'error', 'info', 'warning'];

/**
 * Toasts sit at the top, over the middle of the app's header, which holds no control there:
 * they cover neither a page's actions (top right, bottom of forms) nor its content. Several at
 * once stack downwards; at most this many show, the next wait their turn.
 */
const POSITION = 'top';
/** Fluent gives each toast a 16 px top margin: the first then sits 4 px under the top edge. */
const OFFSET = { vertical: -12 };
const LIMIT = 3;

const useStyles = makeStyles({ dismiss: { marginBlock: '-4px' } });

/** Shows every notice raised through lib/notify as a Fluent toast, one toast per message. */
export function Notifier() {
  const styles = useStyles();
  const { t } = useTranslation();
  const toasterId = useId('notifier');
  const { dispatchToast, dismissToast } = useToastController(toasterId);

  useEffect(() => {
    const pending = new Map<string, { timer: ReturnType<typeof setTimeout>; notice: Notice }>();
    const stop = onNotice({
      show: (notice) => {
        const id = noticeId(notice);
        if (pending.has(id)) return;
        // A moment's wait: the screen that made the call may show the words in place instead.
        pending.set(id, {
          notice,
          timer: setTimeout(() => {
            pending.delete(id);
            dispatchToast(
              <Toast>
                <ToastTitle
                  action={
                    <ToastTrigger>
                      <Button
                        appearance="transparent"
                        size="small"
                        className={styles.dismiss}
                        icon={<DismissRegular />}
                        aria-label={t('app:notice.dismiss')}
                      />
                    </ToastTrigger>
                  }
                >
                  {notice.text}
                </ToastTitle>
                {notice.link && (
                  <ToastBody>
                    <Link
                      href={notice.link.to}
                      onClick={(event) => {
                        event.preventDefault();
                        dismissToast(id);
                        navigateTo(notice.link!.to);
                      }}
                    >
                      {notice.link.label}
                    </Link>
                  </ToastBody>
                )}
              </Toast>,
              // The same id while one shows: Fluent ignores the second (one toast per message).
              { toastId: id, intent: notice.intent, timeout: notice.timeout, pauseOnHover: true },
            );
          }, NOTICE_HOLD_MS),
        });
      },
      withdraw: (text) => {
        for (const intent of INTENTS) {
          const id = noticeId({ intent, text });
          clearTimeout(pending.get(id)?.timer);
          pending.delete(id);
          dismissToast(id);
        }
      },
    });
    return () => {
      stop();
      // Unmounted while holding notices (the tree remounts as a host's theme arrives): they go
      // back to the queue for the next toaster rather than being lost.
      pending.forEach(({ timer, notice }) => {
        clearTimeout(timer);
        notify(notice);
      });
    };
  }, [dispatchToast, dismissToast, styles.dismiss, t]);

  return <Toaster toasterId={toasterId} position={POSITION} offset={OFFSET} limit={LIMIT} />;
}
