import { Button } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInResult } from '@contracts/auth';
import { fieldError, FormAlert } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { authApi, type SignInWithCodes } from '../api';
import { AuthCard, AuthForm } from './AuthCard';
import { RecoveryCodes } from '@/components/RecoveryCodes';
import { TwoFactorQr } from '@/components/TwoFactorQr';
import { TextField } from '@/components/TextField';

/**
 * The second step of a sign-in that needs a code (spec 4): the code from the authenticator
 * app (or a recovery code), or, when the account must turn 2FA on first, the setup QR and
 * its first code, after which the new recovery codes are shown once.
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onCancel,
}: {
  challenge: SignInResult;
  onSignedIn: (result: SignInResult) => void | Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [enabled, setEnabled] = useState<SignInWithCodes | null>(null);
  const enabling = challenge.redirectToEnable;

  const submit = useMutation<SignInWithCodes, ApiError>({
    mutationFn: () =>
      withApiError(async () => {
        const body = { login_token: challenge.login_token ?? '', code: code.trim() };
        const answer = enabling
          ? await authApi.loginWithEnable(body)
          : await authApi.loginWithSecondFactor(body);
        return answer.resource;
      }),
    onSuccess: async (result) => {
      if (enabling) setEnabled(result);
      else await onSignedIn(result);
    },
  });

  if (enabled) {
    return (
      <AuthCard title={t('auth:two_factor.enabled_title')}>
        <RecoveryCodes codes={enabled.recovery_codes ?? []} />
        <Button appearance="primary" onClick={() => void onSignedIn(enabled)}>
          {t('auth:two_factor.continue')}
        </Button>
      </AuthCard>
    );
  }

  const onSubmit = () => submit.mutate();
  const error = submit.error;
  const expired = error?.status === 401;

  return (
    <AuthCard
      title={enabling ? t('auth:two_factor.setup_title') : t('auth:two_factor.title')}
      subtitle={enabling ? t('auth:two_factor.setup_intro') : t('auth:two_factor.intro')}
      footer={
        <Button appearance="subtle" onClick={onCancel}>
          {t('auth:two_factor.back')}
        </Button>
      }
    >
      {enabling && <TwoFactorQr qrCode={challenge.qr_code} otpauthUrl={challenge.otpauth_url} />}
      <AuthForm
        onSubmit={onSubmit}
        busy={submit.isPending}
        submitLabel={t('auth:two_factor.verify')}
        submitDisabled={code.trim().length < 6}
      >
        {expired && <FormAlert error={error} />}
        <TextField
          label={enabling ? t('auth:two_factor.code_label') : t('auth:two_factor.code_or_recovery')}
          required
          validationMessage={
            expired ? undefined : (fieldError(error, 'code') ?? error?.messages[0])
          }
          value={code}
          onChange={setCode}
          autoComplete="one-time-code"
          inputMode={enabling ? 'numeric' : 'text'}
          autoFocus
          name="code"
        />
      </AuthForm>
    </AuthCard>
  );
}
