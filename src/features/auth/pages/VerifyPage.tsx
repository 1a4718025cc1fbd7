import { Button, Field, Input, Text } from '@fluentui/react-components';
import { MailCheckmarkRegular } from '@fluentui/react-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { SignInResult } from '@contracts/auth';
import { fieldError, FormAlert, FormNotice } from '@/components/FormAlert';
import { RouterLink } from '@/components/RouterLink';
import { withApiError, type ApiError } from '@/lib/http';
import { keptVerifyEmail, keepVerifyEmail } from '@/lib/session';
import { authApi, authKeys } from '../api';
import { AuthCard, useAuthFormStyles } from '../components/AuthCard';
import { SignInResultStep } from '../components/SignInResultStep';
import { Busy } from '@/components/Busy';

/** "Check your mail", with a way to get a new link sent to the kept (or typed) address. */
function CheckYourMail({ notice, problem }: { notice?: string[]; problem?: ApiError }) {
  const { t } = useTranslation();
  const styles = useAuthFormStyles();
  const kept = keptVerifyEmail();
  const [email, setEmail] = useState(kept ?? '');
  const resend = useMutation<{ messages?: string[] }, ApiError>({
    mutationFn: () => withApiError(() => authApi.resendVerification(email.trim())),
    onSuccess: () => keepVerifyEmail(email.trim()),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    resend.mutate();
  };

  return (
    <AuthCard
      title={problem ? t('auth:verify.link_failed_title') : t('auth:verify.title')}
      footer={
        <Text>
          {t('auth:verify.already_verified')}{' '}
          <RouterLink to="/signin">{t('auth:verify.sign_in')}</RouterLink>
        </Text>
      }
    >
      {problem && <FormAlert error={problem} />}
      {!problem && notice && notice.length > 0 && <FormNotice>{notice.join(' ')}</FormNotice>}
      {!problem && (
        <Text as="p">
          <MailCheckmarkRegular aria-hidden />{' '}
          {kept ? t('auth:verify.sent_to', { email: kept }) : t('auth:verify.sent_generic')}
        </Text>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {!kept && (
          <Field
            label={t('auth:fields.email')}
            required
            validationMessage={fieldError(resend.error, 'email')}
          >
            <Input
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(_event, data) => setEmail(data.value)}
            />
          </Field>
        )}
        {resend.isSuccess && <FormNotice>{(resend.data.messages ?? []).join(' ')}</FormNotice>}
        {resend.error && !resend.error.fields.email && <FormAlert error={resend.error} />}
        <Button
          type="submit"
          appearance={problem ? 'primary' : 'secondary'}
          disabled={resend.isPending || email.trim() === ''}
          icon={resend.isPending ? <Busy size="tiny" /> : undefined}
        >
          {t('auth:verify.resend')}
        </Button>
      </form>
    </AuthCard>
  );
}

function VerifyWithToken({ token }: { token: string }) {
  const navigate = useNavigate();
  const verification = useQuery<SignInResult, ApiError>({
    queryKey: authKeys.verifyEmail(token),
    queryFn: () => withApiError(async () => (await authApi.verifyEmail(token)).resource),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <SignInResultStep
      verification={verification}
      onCancel={() => navigate('/signin', { replace: true })}
      failure={(error) => <CheckYourMail problem={error} />}
    />
  );
}

/**
 * /verify?token=: opening the mailed link verifies the address and signs in (spec 4).
 * Without a token: the page an unverified visitor lands on, with the address kept (spec 2.8).
 */
export default function VerifyPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token');
  const notice = (location.state as { messages?: string[] } | null)?.messages;
  return token ? <VerifyWithToken token={token} /> : <CheckYourMail notice={notice} />;
}
