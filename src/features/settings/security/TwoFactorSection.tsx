import { Badge, Button, Text } from '@fluentui/react-components';
import { ShieldCheckmarkRegular, ShieldDismissRegular } from '@fluentui/react-icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@contracts/auth';
import { currentUserKey } from '@/lib/current-user';
import { fieldError, FormAlert } from '@/components/FormAlert';
import { RecoveryCodes } from '@/components/RecoveryCodes';
import { TwoFactorQr } from '@/components/TwoFactorQr';
import { announce, withApiError, type ApiError, type Envelope } from '@/lib/http';
import { accountApi, type TwoFactorResult } from '../api';
import { ConfirmValueDialog } from './CodeDialog';
import { SettingsSection, useSettingsFormStyles } from '@/components/SettingsSection';
import { BusyButton } from '@/components/BusyButton';
import { TextField } from '@/components/TextField';
import type { DialogOpenProps } from '@/components/dialog-props';

type Answer = Envelope<TwoFactorResult>;

/** A step that asks for a current code first: turning two-factor off, or new recovery codes. */
function TwoFactorCodeDialog({
  action,
  open,
  onClose,
  onDone,
}: {
  action: 'disable' | 'recovery-codes';
  onDone: (answer: Answer) => Promise<void> | void;
} & DialogOpenProps) {
  const { t } = useTranslation();
  const texts =
    action === 'disable'
      ? {
          title: t('account:two_factor.disable_title'),
          description: t('account:two_factor.disable_description'),
          label: t('auth:two_factor.code_or_recovery'),
          submitLabel: t('account:two_factor.disable'),
        }
      : {
          title: t('account:two_factor.new_codes_title'),
          description: t('account:two_factor.new_codes_description'),
          label: t('auth:two_factor.code_label'),
          submitLabel: t('account:two_factor.new_codes'),
        };
  return (
    <ConfirmValueDialog
      open={open}
      {...texts}
      field="code"
      autoComplete="one-time-code"
      onSubmit={async (code) => onDone(await accountApi.twoFactor({ action, code }))}
      onClose={onClose}
    />
  );
}

/** Two-factor authentication (PUT user/2fa): set up, turn on, new recovery codes, turn off. */
export function TwoFactorSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const styles = useSettingsFormStyles();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorResult | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'disable' | 'recovery-codes' | null>(null);
  const refreshUser = () => queryClient.invalidateQueries({ queryKey: currentUserKey });

  const start = useMutation<Answer, ApiError>({
    mutationFn: () => withApiError(() => accountApi.twoFactor({ action: 'setup' })),
    onSuccess: (answer) => setSetup(answer.resource),
  });
  const enable = useMutation<Answer, ApiError>({
    mutationFn: () =>
      withApiError(() => accountApi.twoFactor({ action: 'enable', code: code.trim() })),
    onSuccess: async (answer) => {
      setSetup(null);
      setCode('');
      setCodes(answer.resource.recovery_codes ?? []);
      announce(answer.messages);
      await refreshUser();
    },
  });

  const onEnable = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate();
  };

  let body;
  if (codes) {
    body = (
      <>
        <RecoveryCodes codes={codes} />
        <div className={styles.actions}>
          <Button appearance="primary" onClick={() => setCodes(null)}>
            {t('account:two_factor.codes_saved')}
          </Button>
        </div>
      </>
    );
  } else if (setup) {
    body = (
      <form className={styles.form} onSubmit={onEnable} noValidate>
        <Text as="p">{t('account:two_factor.scan')}</Text>
        <TwoFactorQr qrCode={setup.qr_code} otpauthUrl={setup.otpauth_url} />
        <FormAlert error={enable.error && !enable.error.fields.code ? enable.error : null} />
        <TextField
          label={t('auth:two_factor.code_label')}
          required
          validationMessage={fieldError(enable.error, 'code')}
          value={code}
          onChange={setCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          name="code"
        />
        <div className={styles.actions}>
          <BusyButton
            busy={enable.isPending}
            type="submit"
            appearance="primary"
            disabled={code.trim().length !== 6}
          >
            {t('account:two_factor.enable')}
          </BusyButton>
          <Button onClick={() => setSetup(null)}>{t('app:actions.cancel')}</Button>
        </div>
      </form>
    );
  } else if (user.two_factor_enabled) {
    body = (
      <div className={styles.actions}>
        <Button onClick={() => setDialog('recovery-codes')}>
          {t('account:two_factor.new_codes')}
        </Button>
        <Button icon={<ShieldDismissRegular />} onClick={() => setDialog('disable')}>
          {t('account:two_factor.disable')}
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <FormAlert error={start.error} />
        <div className={styles.actions}>
          <BusyButton
            busy={start.isPending}
            appearance="primary"
            icon={<ShieldCheckmarkRegular />}
            onClick={() => start.mutate()}
          >
            {t('account:two_factor.turn_on')}
          </BusyButton>
        </div>
      </>
    );
  }

  return (
    <SettingsSection
      id="two-factor"
      title={t('account:two_factor.title')}
      description={
        <>
          <Badge
            appearance="tint"
            color={user.two_factor_enabled ? 'success' : 'informative'}
            aria-hidden
          >
            {user.two_factor_enabled ? t('account:two_factor.on') : t('account:two_factor.off')}
          </Badge>{' '}
          {user.two_factor_enabled
            ? t('account:two_factor.on_description')
            : t('account:two_factor.off_description')}
        </>
      }
    >
      {body}
      <TwoFactorCodeDialog
        action="disable"
        open={dialog === 'disable'}
        onClose={() => setDialog(null)}
        onDone={async (answer) => {
          announce(answer.messages);
          setDialog(null);
          await refreshUser();
        }}
      />
      <TwoFactorCodeDialog
        action="recovery-codes"
        open={dialog === 'recovery-codes'}
        onClose={() => setDialog(null)}
        onDone={(answer) => {
          setDialog(null);
          setCodes(answer.resource.recovery_codes ?? []);
        }}
      />
    </SettingsSection>
  );
}
