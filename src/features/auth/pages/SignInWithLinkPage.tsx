import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authApi, authKeys } from '../api';
import { SignInFailed, SignInResultStep, useSignInCheck } from '../components/SignInResultStep';

/** /signin/:token: a single-use sign-in link (e.g. from an invitation mail). */
export function SignInWithLinkPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verification = useSignInCheck(
    authKeys.verifyToken(token),
    async () => (await authApi.verifyToken(token)).resource,
  );
  const toSignIn = () => navigate('/signin', { replace: true });

  return (
    <SignInResultStep
      verification={verification}
      onCancel={toSignIn}
      failure={(error) => (
        <SignInFailed
          title={t('auth:sign_in_link.failed_title')}
          error={error}
          actionLabel={t('auth:sign_in_link.sign_in_instead')}
          onAction={toSignIn}
        />
      )}
    />
  );
}
