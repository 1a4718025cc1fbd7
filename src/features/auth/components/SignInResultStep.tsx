import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInResult } from '@contracts/auth';
import type { ApiError } from '@/lib/http';
import { AuthCard } from './AuthCard';
import { SecondFactorStep } from './SecondFactorStep';
import { useSignInSteps } from '../use-sign-in';
import { Busy } from '@/components/Busy';

/**
 * The screens after a sign-in by link or provider (mailed sign-in link, e-mail verification,
 * single sign-on): waiting, the second factor when needed, or what went wrong.
 */
export function SignInResultStep({
  verification,
  failure,
  onCancel,
}: {
  verification: UseQueryResult<SignInResult, ApiError>;
  failure: (error: ApiError) => ReactNode;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const steps = useSignInSteps();
  const { data } = verification;
  const { begin, complete } = steps;

  useEffect(() => begin(), [begin]);
  useEffect(() => {
    if (data?.user) void complete(data);
  }, [data, complete]);

  if (verification.error) return <>{failure(verification.error)}</>;
  if (data?.two_factor_required) {
    return <SecondFactorStep challenge={data} onSignedIn={complete} onCancel={onCancel} />;
  }
  return (
    <AuthCard title={t('auth:signing_in')}>
      <Busy />
    </AuthCard>
  );
}
