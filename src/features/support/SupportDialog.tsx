import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { supportEndpoints } from '@contracts/endpoints/support';
import { FormAlert } from '@/components/FormAlert';
import type { DialogOpenProps } from '@/components/dialog-props';
import { FormDialog } from '@/components/FormDialog';
import { InlineMessage } from '@/components/InlineMessage';
import { TextareaField } from '@/components/TextareaField';
import { TextField } from '@/components/TextField';
import { api, apiErrorOf } from '@/lib/http';
import { notify } from '@/lib/notify';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  form: { ...column, gap: tokens.spacingVerticalM },
  surface: { maxWidth: '550px' },
});

/** Spec 9 modal width for a form: 550 px. */
export function SupportDialog({ open, onClose }: DialogOpenProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { pathname } = useLocation();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const target = useQuery({
    queryKey: ['core', 'support'],
    queryFn: () => api.call(supportEndpoints.target),
    enabled: open,
    staleTime: 5 * 60_000,
  });
  const send = useMutation({
    mutationFn: () =>
      api.call(
        supportEndpoints.send,
        { body: { subject, message, page: pathname } },
        { hideMessages: true },
      ),
    onSuccess: () => {
      notify({ intent: 'success', text: t('support:widget.sent') });
      setSubject('');
      setMessage('');
      onClose();
    },
  });
  // Until the server said where messages go, the form waits.
  const configured = target.data?.configured ?? false;
  const submit = () => {
    send.mutate();
  };
  return (
    <FormDialog
      open={open}
      title={t('support:widget.title')}
      onSubmit={submit}
      contentClassName={styles.form}
      surfaceClassName={styles.surface}
      onClose={onClose}
      submitLabel={configured ? t('support:widget.send') : undefined}
      submitDisabled={send.isPending || !subject.trim() || !message.trim()}
    >
      {target.isPending ? (
        <Spinner size="small" aria-label={t('app:loading')} />
      ) : !configured ? (
        <InlineMessage intent="warning" role="status">
          {t('support:widget.not_configured')}
        </InlineMessage>
      ) : (
        <>
          <Text>{t('support:widget.intro')}</Text>
          <FormAlert error={send.error ? apiErrorOf(send.error) : null} />
          <TextField
            label={t('support:widget.subject')}
            required
            value={subject}
            maxLength={200}
            onChange={setSubject}
          />
          <TextareaField
            label={t('support:widget.message')}
            required
            value={message}
            maxLength={5000}
            rows={6}
            onChange={setMessage}
          />
        </>
      )}
    </FormDialog>
  );
}
