import { Text } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fieldError, FormAlert, FormNotice } from '@/components/FormAlert';
import { RouterLink } from '@/components/RouterLink';
import { withApiError, type ApiError } from '@/lib/http';
import { authApi } from '../api';
import { AuthCard, useAuthFormStyles } from '../components/AuthCard';
import { BusyButton } from '@/components/BusyButton';
import { EmailField } from '../components/EmailField';

/** /password/forgot?email=…: asks for a reset link by mail (the "account exists" mail fills it in). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const styles = useAuthFormStyles();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const request = useMutation<{ messages?: string[] }, ApiError>({
    mutationFn: () => withApiError(() => authApi.forgetPassword(email.trim())),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate();
  };
  const error = request.error;

  return (
    <AuthCard
      title={t('auth:forgot.title')}
      subtitle={t('auth:forgot.subtitle')}
      footer={
        <Text>
          <RouterLink to="/signin">{t('auth:forgot.back_to_sign_in')}</RouterLink>
        </Text>
      }
    >
      {request.isSuccess ? (
        <FormNotice>{(request.data.messages ?? []).join(' ')}</FormNotice>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <FormAlert error={error && !error.fields.email ? error : null} />
          <EmailField
            value={email}
            onChange={setEmail}
            validationMessage={fieldError(error, 'email')}
          />
          <BusyButton
            busy={request.isPending}
            type="submit"
            appearance="primary"
            disabled={email.trim() === ''}
          >
            {t('auth:forgot.submit')}
          </BusyButton>
        </form>
      )}
    </AuthCard>
  );
}
