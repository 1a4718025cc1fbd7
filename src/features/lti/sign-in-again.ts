import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SIGN_IN_PATH } from '@/app/guards';
import { authEndpoints } from '@contracts/endpoints/auth';
import { api } from '@/lib/http';
import { endSessionLocally, getAccessToken, rememberRoute } from '@/lib/session';

/**
 * Leaves the session this window holds (the account a launch made, or someone else's) for the
 * sign-in page, which comes back to `route`: a supervisor's own sign-in after a launch, and
 * the sign-in to the account a launch is to be linked to. The session is forgotten here
 * first, so nothing else is sent with it, then ended on the server without a word: the person
 * chose this, "signed out" or "sign in to continue" would only confuse.
 */
export function useSignInAgain() {
  const navigate = useNavigate();
  return useCallback(
    (route: string) => {
      const token = getAccessToken();
      endSessionLocally();
      rememberRoute(route);
      navigate(SIGN_IN_PATH);
      if (token) {
        api
          .call(
            authEndpoints.logout,
            {},
            { hideMessages: true, headers: { Authorization: `Bearer ${token}` } },
          )
          .catch(() => undefined);
      }
    },
    [navigate],
  );
}
