import { Button } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { SignInResult } from '@contracts/auth';
import { FormAlert } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { authApi, authKeys } from '../api';
import { AuthCard } from '../components/AuthCard';
import { SignInResultStep } from '../components/SignInResultStep';

/** /oauth/callback: the identity provider sends the visitor back here with a code and state. */
export default function OAuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const iss = params.get('iss') ?? undefined;
  const verification = useQuery<SignInResult, ApiError>({
    queryKey: authKeys.callbackToLogin(code, state),
    queryFn: () =>
      withApiError(async () => {
        // The provider refused or the visitor cancelled: it says so instead of sending a code.
        if (!code || !state) {
          throw new Error(params.get('error_description') ?? params.get('error') ?? 'no code');
        }
        return (await authApi.callbackToLogin({ code, state, iss })).resource;
      }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const toSignIn = () => navigate('/signin', { replace: true });

  return (
    <SignInResultStep
      verification={verification}
      onCancel={toSignIn}
      failure={(error) => (
        <AuthCard title={t('auth:oauth.failed_title')}>
          <FormAlert
            error={!code || !state ? { ...error, messages: [t('auth:oauth.cancelled')] } : error}
          />
          <Button appearance="primary" onClick={toSignIn}>
            {t('auth:oauth.back')}
          </Button>
        </AuthCard>
      )}
    />
  );
}
