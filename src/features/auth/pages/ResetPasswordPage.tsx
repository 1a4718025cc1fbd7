import { Spinner } from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormAlert, FormNotice } from '@/components/FormAlert';
import { NewPasswordFields, newPasswordProblems } from '@/components/NewPasswordFields';
import { RouterButton } from '@/components/RouterLink';
import { withApiError, type ApiError } from '@/lib/http';
import { authApi, authKeys } from '../api';
import { AuthCard, AuthCardLink, AuthForm } from '../components/AuthCard';

function InvalidLink({ error }: { error: ApiError | null }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth:reset.invalid_title')}>
      <FormAlert
        error={error ?? { status: 410, messages: [t('auth:reset.missing_token')], fields: {} }}
      />
      <RouterButton to="/password/forgot" appearance="primary">
        {t('auth:reset.ask_again')}
      </RouterButton>
    </AuthCard>
  );
}

function ResetForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [tried, setTried] = useState(false);
  const reset = useMutation<{ messages?: string[] }, ApiError>({
    mutationFn: () =>
      withApiError(() =>
        authApi.resetPassword({ token, password, password_confirmation: confirmation }),
      ),
  });

  const { tooShort, differs } = newPasswordProblems(password, confirmation);
  const onSubmit = () => {
    setTried(true);
    if (!tooShort && !differs) reset.mutate();
  };
  const error = reset.error;

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('auth:reset.done_title')}>
        <FormNotice>{(reset.data.messages ?? []).join(' ')}</FormNotice>
        <RouterButton to="/signin" appearance="primary">
          {t('auth:reset.sign_in')}
        </RouterButton>
      </AuthCard>
    );
  }
  if (error?.status === 410) return <InvalidLink error={error} />;

  return (
    <AuthCard
      title={t('auth:reset.title')}
      subtitle={t('auth:reset.subtitle', { email })}
      footer={<AuthCardLink to="/signin">{t('auth:forgot.back_to_sign_in')}</AuthCardLink>}
    >
      <AuthForm onSubmit={onSubmit} busy={reset.isPending} submitLabel={t('auth:reset.submit')}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <FormAlert error={error && !error.fields.password ? error : null} />
        <NewPasswordFields
          password={password}
          onPasswordChange={setPassword}
          confirmation={confirmation}
          onConfirmationChange={setConfirmation}
          tried={tried}
          error={error}
        />
      </AuthForm>
    </AuthCard>
  );
}

/** /password/reset?token=: checks the mailed link, then sets a new password. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const check = useQuery<{ email: string }, ApiError>({
    queryKey: authKeys.verifyResetPassword(token),
    queryFn: () => withApiError(async () => (await authApi.verifyResetPassword(token)).resource),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (!token) return <InvalidLink error={null} />;
  if (check.error) return <InvalidLink error={check.error} />;
  if (!check.data) {
    return (
      <AuthCard title={t('auth:reset.title')}>
        <Spinner label={t('auth:reset.checking')} />
      </AuthCard>
    );
  }
  return <ResetForm token={token} email={check.data.email} />;
}
