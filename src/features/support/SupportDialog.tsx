import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Spinner,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { supportEndpoints } from '@contracts/endpoints/support';
import { FormAlert } from '@/components/FormAlert';
import { InlineMessage } from '@/components/InlineMessage';
import { api, apiErrorOf } from '@/lib/http';
import { notify } from '@/lib/notify';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  surface: { maxWidth: '550px' },
});

/** Spec 9 modal width for a form: 550 px. */
export function SupportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={submit}>
          <DialogBody>
            <DialogTitle>{t('support:widget.title')}</DialogTitle>
            <DialogContent className={styles.form}>
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
                  <Field label={t('support:widget.subject')} required>
                    <Input
                      value={subject}
                      maxLength={200}
                      onChange={(_, data) => setSubject(data.value)}
                    />
                  </Field>
                  <Field label={t('support:widget.message')} required>
                    <Textarea
                      value={message}
                      maxLength={5000}
                      rows={6}
                      onChange={(_, data) => setMessage(data.value)}
                    />
                  </Field>
                </>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('support:widget.cancel')}</Button>
              {configured && (
                <Button
                  type="submit"
                  appearance="primary"
                  disabled={send.isPending || !subject.trim() || !message.trim()}
                >
                  {t('support:widget.send')}
                </Button>
              )}
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
