import { Button, DialogTrigger, makeStyles, Text, tokens } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import type { ApiError } from '@/lib/http';
import { notify } from '@/lib/notify';
import { calendarApi, calendarKeys } from '../api';
import { SimpleDialog } from '@/components/SimpleDialog';
import { CopyableTextField } from '@/components/CopyableTextField';
import { column } from '@/lib/styles';
import { SkeletonRows } from '@/components/SkeletonRows';

const useStyles = makeStyles({
  content: { ...column, gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  url: { flexGrow: 1, minWidth: 0 },
});

/** The person's ICS address, to copy into any calendar, and a reset when it leaked. */
export function FeedDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirm, confirmDialog] = useConfirm();
  const feed = useQuery({ queryKey: calendarKeys.feed, queryFn: calendarApi.feed });
  const reset = useMutation({
    mutationFn: calendarApi.resetFeed,
    onSuccess: (url) => {
      queryClient.setQueryData(calendarKeys.feed, url);
      notify({ intent: 'success', text: t('calendar:messages.feed_reset') });
    },
  });
  const copy = async () => {
    if (!feed.data) return;
    await navigator.clipboard.writeText(feed.data);
    notify({ intent: 'success', text: t('calendar:feed.copied') });
  };
  const askReset = async () => {
    const agreed = await confirm({
      title: t('calendar:feed.reset_title'),
      message: t('calendar:feed.reset_message'),
      confirmLabel: t('calendar:feed.reset'),
    });
    if (agreed) reset.mutate();
  };
  const error = ((feed.error ?? reset.error) as ApiError | null) ?? null;

  return (
    <SimpleDialog
      onClose={onClose}
      title={t('calendar:feed.title')}
      contentClassName={styles.content}
      nested={confirmDialog}
      actions={
        <>
          <Button disabled={!feed.data || reset.isPending} onClick={() => void askReset()}>
            {t('calendar:feed.reset')}
          </Button>
          <DialogTrigger disableButtonEnhancement>
            <Button appearance="primary">{t('calendar:feed.close')}</Button>
          </DialogTrigger>
        </>
      }
    >
      <Text>{t('calendar:feed.description')}</Text>
      <FormAlert error={error} />
      {feed.isPending ? (
        <SkeletonRows label={t('calendar:loading')} size={32} />
      ) : (
        feed.data && (
          <div className={styles.row}>
            <CopyableTextField
              label={t('calendar:feed.address')}
              className={styles.url}
              value={feed.data}
            />
            <Button icon={<CopyRegular />} onClick={() => void copy()}>
              {t('calendar:feed.copy')}
            </Button>
          </div>
        )
      )}
    </SimpleDialog>
  );
}
