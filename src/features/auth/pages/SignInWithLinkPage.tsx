import { Button } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SignInResult } from '@contracts/auth';
import { FormAlert } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
import { authApi, authKeys } from '../api';
import { AuthCard } from '../components/AuthCard';
import { SignInResultStep } from '../components/SignInResultStep';

/** /signin/:token: a single-use sign-in link (e.g. from an invitation mail). */
export function SignInWithLinkPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verification = useQuery<SignInResult, ApiError>({
    queryKey: authKeys.verifyToken(token),
    queryFn: () => withApiError(async () => (await authApi.verifyToken(token)).resource),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const toSignIn = () => navigate('/signin', { replace: true });

  return (
    <SignInResultStep
      verification={verification}
      onCancel={toSignIn}
      failure={(error) => (
        <AuthCard title={t('auth:sign_in_link.failed_title')}>
          <FormAlert error={error} />
          <Button appearance="primary" onClick={toSignIn}>
            {t('auth:sign_in_link.sign_in_instead')}
          </Button>
        </AuthCard>
      )}
    />
  );
}
