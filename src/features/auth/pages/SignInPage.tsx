import { useMutation } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SignInResult } from '@contracts/auth';
import { fieldError, FormAlert } from '@/components/FormAlert';
import { lazyComponent } from '@/lib/lazy-page';
import { RouterLink } from '@/components/RouterLink';
import { announce, withApiError, type ApiError } from '@/lib/http';
import { keepVerifyEmail } from '@/lib/session';
import { authApi } from '../api';
import { AuthCard, AuthCardLink, AuthForm } from '../components/AuthCard';
import { OidcSignIn } from '../components/OidcSignIn';
import { useSignInSteps } from '../use-sign-in';
import { EmailField } from '../components/EmailField';
import { CurrentPasswordField } from '@/components/CurrentPasswordField';

/** Only accounts with two-factor authentication see it (with its QR code and recovery codes). */
const SecondFactorStep = lazyComponent(() =>
  import('../components/SecondFactorStep').then((module) => module.SecondFactorStep),
);

/** /signin: e-mail and password, then a code when the account has two-factor authentication. */
export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const steps = useSignInSteps();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<SignInResult | null>(null);

  const signIn = useMutation<{ resource: SignInResult; messages?: string[] }, ApiError>({
    mutationFn: () => withApiError(() => authApi.login({ email: email.trim(), password })),
    onMutate: steps.begin,
    onSuccess: async (answer) => {
      if (answer.resource.two_factor_required) {
        setChallenge(answer.resource);
        return;
      }
      announce(answer.messages);
      await steps.complete(answer.resource);
    },
    onError: (error) => {
      steps.fail();
      // Spec 2.8: an unverified address goes to the verify page, which has the address kept.
      if (error.code === 'email_not_verified') {
        keepVerifyEmail(email.trim());
        navigate('/verify', { state: { messages: error.messages } });
      }
    },
  });

  if (challenge) {
    return (
      <Suspense>
        <SecondFactorStep
          challenge={challenge}
          onSignedIn={steps.complete}
          onCancel={() => {
            steps.fail();
            setChallenge(null);
            setPassword('');
          }}
        />
      </Suspense>
    );
  }

  const onSubmit = () => signIn.mutate();
  const error = signIn.error;

  return (
    <AuthCard
      title={t('auth:sign_in.title')}
      subtitle={t('auth:sign_in.subtitle')}
      footer={
        <AuthCardLink lead={t('auth:sign_in.no_account')} to="/register">
          {t('auth:sign_in.create_account')}
        </AuthCardLink>
      }
    >
      <AuthForm onSubmit={onSubmit} busy={signIn.isPending} submitLabel={t('auth:sign_in.submit')}>
        <FormAlert error={error && !error.fields.email && !error.fields.password ? error : null} />
        <EmailField
          value={email}
          onChange={setEmail}
          validationMessage={fieldError(error, 'email')}
          autoComplete="username"
        />
        <CurrentPasswordField
          label={t('auth:fields.password')}
          name="password"
          value={password}
          validationMessage={fieldError(error, 'password')}
          onChange={setPassword}
        />
        <RouterLink to="/password/forgot">{t('auth:sign_in.forgot_password')}</RouterLink>
      </AuthForm>
      <OidcSignIn />
    </AuthCard>
  );
}
