import { Text } from '@fluentui/react-components';
import { MailCheckmarkRegular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { fieldError, FormAlert, FormNotice } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { keptVerifyEmail, keepVerifyEmail } from '@/lib/session';
import { authApi, authKeys } from '../api';
import { AuthCard, AuthCardLink, AuthForm } from '../components/AuthCard';
import { SignInResultStep, useSignInCheck } from '../components/SignInResultStep';
import { EmailField } from '../components/EmailField';

/** "Check your mail", with a way to get a new link sent to the kept (or typed) address. */
function CheckYourMail({ notice, problem }: { notice?: string[]; problem?: ApiError }) {
  const { t } = useTranslation();
  const kept = keptVerifyEmail();
  const [email, setEmail] = useState(kept ?? '');
  const resend = useMutation<{ messages?: string[] }, ApiError>({
    mutationFn: () => withApiError(() => authApi.resendVerification(email.trim())),
    onSuccess: () => keepVerifyEmail(email.trim()),
  });
  const onSubmit = () => resend.mutate();

  return (
    <AuthCard
      title={problem ? t('auth:verify.link_failed_title') : t('auth:verify.title')}
      footer={
        <AuthCardLink lead={t('auth:verify.already_verified')} to="/signin">
          {t('auth:verify.sign_in')}
        </AuthCardLink>
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
      <AuthForm
        onSubmit={onSubmit}
        busy={resend.isPending}
        submitLabel={t('auth:verify.resend')}
        submitDisabled={email.trim() === ''}
        submitAppearance={problem ? 'primary' : 'secondary'}
      >
        {!kept && (
          <EmailField
            value={email}
            onChange={setEmail}
            validationMessage={fieldError(resend.error, 'email')}
          />
        )}
        {resend.isSuccess && <FormNotice>{(resend.data.messages ?? []).join(' ')}</FormNotice>}
        {resend.error && !resend.error.fields.email && <FormAlert error={resend.error} />}
      </AuthForm>
    </AuthCard>
  );
}

function VerifyWithToken({ token }: { token: string }) {
  const navigate = useNavigate();
  const verification = useSignInCheck(
    authKeys.verifyEmail(token),
    async () => (await authApi.verifyEmail(token)).resource,
  );
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
