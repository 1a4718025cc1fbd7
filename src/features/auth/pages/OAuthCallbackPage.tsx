import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi, authKeys } from '../api';
import { SignInFailed, SignInResultStep, useSignInCheck } from '../components/SignInResultStep';

/** /oauth/callback: the identity provider sends the visitor back here with a code and state. */
export default function OAuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const iss = params.get('iss') ?? undefined;
  const verification = useSignInCheck(authKeys.callbackToLogin(code, state), async () => {
    // The provider refused or the visitor cancelled: it says so instead of sending a code.
    if (!code || !state) {
      throw new Error(params.get('error_description') ?? params.get('error') ?? 'no code');
    }
    return (await authApi.callbackToLogin({ code, state, iss })).resource;
  });
  const toSignIn = () => navigate('/signin', { replace: true });

  return (
    <SignInResultStep
      verification={verification}
      onCancel={toSignIn}
      failure={(error) => (
        <SignInFailed
          title={t('auth:oauth.failed_title')}
          error={!code || !state ? { ...error, messages: [t('auth:oauth.cancelled')] } : error}
          actionLabel={t('auth:oauth.back')}
          onAction={toSignIn}
        />
      )}
    />
  );
}
