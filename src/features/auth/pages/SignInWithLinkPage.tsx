import { useTranslation } from 'react-i18next';
import { authApi, authKeys } from '../api';
import { SignInOrBack, useSignInCheck } from '../components/SignInResultStep';

/** /signin/:token: a single-use sign-in link (e.g. from an invitation mail). */
export function SignInWithLinkPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const verification = useSignInCheck(
    authKeys.verifyToken(token),
    async () => (await authApi.verifyToken(token)).resource,
  );

  return (
    <SignInOrBack
      verification={verification}
      failedTitle={t('auth:sign_in_link.failed_title')}
      backLabel={t('auth:sign_in_link.sign_in_instead')}
    />
  );
}
