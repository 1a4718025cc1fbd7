import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { SignInResult } from '@contracts/auth';
import { currentUserKey } from '@/lib/current-user';
import { DASHBOARD_PATH } from '@/app/guards';
import { settleLanguageAfterSignIn } from '@/app/language';
import { forgetVerifyEmail, setSignInInProgress, takeRememberedRoute } from '@/lib/session';

/**
 * The end of every sign-in (password, second factor, mailed link, single sign-on): keep the
 * user, settle the language, and go where the visitor was heading (spec 2.8), else the dashboard.
 *
 * While the steps run, the page says a sign-in is in progress so the `guest` guard does not
 * move the visitor on as soon as the token arrives; it ends when the page goes away.
 */
export function useSignInSteps() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => () => setSignInInProgress(false), []);

  const begin = useCallback(() => setSignInInProgress(true), []);
  const fail = useCallback(() => setSignInInProgress(false), []);
  const complete = useCallback(
    async (result: SignInResult) => {
      if (!result.user) return;
      queryClient.setQueryData(currentUserKey, result.user);
      forgetVerifyEmail();
      await settleLanguageAfterSignIn(queryClient, result.user);
      navigate(takeRememberedRoute() ?? DASHBOARD_PATH, { replace: true });
    },
    [navigate, queryClient],
  );
  return { begin, fail, complete };
}
