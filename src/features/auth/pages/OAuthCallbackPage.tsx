import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { authApi, authKeys } from '../api';
import { SignInOrBack, useSignInCheck } from '../components/SignInResultStep';

/** /oauth/callback: the identity provider sends the visitor back here with a code and state. */
export default function OAuthCallbackPage() {
  const { t } = useTranslation();
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

  return (
    <SignInOrBack
      verification={verification}
      failedTitle={t('auth:oauth.failed_title')}
      backLabel={t('auth:oauth.back')}
      explain={(error) =>
        !code || !state ? { ...error, messages: [t('auth:oauth.cancelled')] } : error
      }
    />
  );
}
