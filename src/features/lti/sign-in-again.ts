import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SIGN_IN_PATH } from '@/app/guards';
import { http } from '@/lib/http';
import { endSessionLocally, getAccessToken, rememberRoute } from '@/lib/session';

/**
 * Leaves the session this window holds (the account a launch made, or someone else's) for the
 * sign-in page, which comes back to `route`: a supervisor's own sign-in after a launch, and
 * the sign-in to the account a launch is to be linked to.
 */
export function useSignInAgain() {
  const navigate = useNavigate();
  return useCallback(
    async (route: string) => {
      if (getAccessToken()) {
        try {
          await http.post('core/join/logout');
        } catch {
          // Already signed out on the server: forgetting it here is enough.
        }
      }
      endSessionLocally();
      rememberRoute(route);
      navigate(SIGN_IN_PATH);
    },
    [navigate],
  );
}
