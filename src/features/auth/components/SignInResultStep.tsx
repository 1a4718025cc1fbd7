import { Button } from '@fluentui/react-components';
import { useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SignInResult } from '@contracts/auth';
import { FormAlert } from '@/components/FormAlert';
import { withApiError, type ApiError } from '@/lib/http';
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

/** Asks the server once whether a link (or a provider's code) signs in; never again on the page. */
export function useSignInCheck(queryKey: QueryKey, ask: () => Promise<SignInResult>) {
  return useQuery<SignInResult, ApiError>({
    queryKey,
    queryFn: () => withApiError(ask),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Why a link or a provider did not sign in, with the one way on (back to the sign-in page). */
export function SignInFailed({
  title,
  error,
  actionLabel,
  onAction,
}: {
  title: string;
  error: ApiError;
  actionLabel: string;
  onAction: () => void;
}) {
  return (
    <AuthCard title={title}>
      <FormAlert error={error} />
      <Button appearance="primary" onClick={onAction}>
        {actionLabel}
      </Button>
    </AuthCard>
  );
}

/**
 * A sign-in by link or provider whose one way on, when cancelled or failed, is back to the
 * sign-in page. `explain` may put the failure in other words before it is shown.
 */
export function SignInOrBack({
  verification,
  failedTitle,
  backLabel,
  explain = (error) => error,
}: {
  verification: UseQueryResult<SignInResult, ApiError>;
  failedTitle: string;
  backLabel: string;
  explain?: (error: ApiError) => ApiError;
}) {
  const navigate = useNavigate();
  const toSignIn = () => navigate('/signin', { replace: true });
  return (
    <SignInResultStep
      verification={verification}
      onCancel={toSignIn}
      failure={(error) => (
        <SignInFailed
          title={failedTitle}
          error={explain(error)}
          actionLabel={backLabel}
          onAction={toSignIn}
        />
      )}
    />
  );
}
