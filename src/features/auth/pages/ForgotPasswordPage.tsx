import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fieldError, FormAlert, FormNotice } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { authApi } from '../api';
import { AuthCard, AuthCardLink, AuthForm } from '../components/AuthCard';
import { EmailField } from '../components/EmailField';

/** /password/forgot?email=…: asks for a reset link by mail (the "account exists" mail fills it in). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const request = useMutation<{ messages?: string[] }, ApiError>({
    mutationFn: () => withApiError(() => authApi.forgetPassword(email.trim())),
  });
  const onSubmit = () => request.mutate();
  const error = request.error;

  return (
    <AuthCard
      title={t('auth:forgot.title')}
      subtitle={t('auth:forgot.subtitle')}
      footer={<AuthCardLink to="/signin">{t('auth:forgot.back_to_sign_in')}</AuthCardLink>}
    >
      {request.isSuccess ? (
        <FormNotice>{(request.data.messages ?? []).join(' ')}</FormNotice>
      ) : (
        <AuthForm
          onSubmit={onSubmit}
          busy={request.isPending}
          submitLabel={t('auth:forgot.submit')}
          submitDisabled={email.trim() === ''}
        >
          <FormAlert error={error && !error.fields.email ? error : null} />
          <EmailField
            value={email}
            onChange={setEmail}
            validationMessage={fieldError(error, 'email')}
          />
        </AuthForm>
      )}
    </AuthCard>
  );
}
