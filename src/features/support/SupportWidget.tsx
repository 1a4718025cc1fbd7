import {
  Button,
  Field,
  Input,
  makeStyles,
  Spinner,
  Text,
  Textarea,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { ChatHelpRegular, DismissRegular } from '@fluentui/react-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { supportEndpoints } from '@contracts/endpoints/support';
import { FormAlert } from '@/components/FormAlert';
import { InlineMessage } from '@/components/InlineMessage';
import { useIsMobile } from '@/lib/device';
import { api, apiErrorOf } from '@/lib/http';
import { notify } from '@/lib/notify';
import { setSupportHidden, useSupportHidden } from '@/lib/support-visibility';
import { FormDialog } from '@/components/FormDialog';

const useStyles = makeStyles({
  dock: {
    position: 'fixed',
    right: tokens.spacingHorizontalL,
    bottom: tokens.spacingVerticalL,
    zIndex: 1,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
    padding: tokens.spacingHorizontalXXS,
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  surface: { maxWidth: '550px' },
});

/** Spec 9 modal width for a form: 550 px. */
function SupportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
          <Field label={t('support:widget.subject')} required>
            <Input value={subject} maxLength={200} onChange={(_, d) => setSubject(d.value)} />
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
    </FormDialog>
  );
}

/**
 * The support widget (spec 1, 4, 9): a small button at the lower right that opens the support
 * form; the person hides it (remembered in this browser) and shows it again from the user
 * menu. Hidden on small screens.
 */
export function SupportWidget() {
  const { t } = useTranslation();
  const styles = useStyles();
  const hidden = useSupportHidden();
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  if (mobile) return null;
  return (
    <>
      {!hidden && !open && (
        <div className={styles.dock} data-support-widget="">
          <Button
            appearance="primary"
            shape="circular"
            icon={<ChatHelpRegular />}
            onClick={() => setOpen(true)}
          >
            {t('support:widget.open')}
          </Button>
          <Tooltip content={t('support:widget.hide')} relationship="label">
            <Button
              appearance="subtle"
              shape="circular"
              size="small"
              icon={<DismissRegular />}
              onClick={() => setSupportHidden(true)}
            />
          </Tooltip>
        </div>
      )}
      <SupportDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
