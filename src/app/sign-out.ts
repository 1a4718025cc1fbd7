import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { http } from '@/lib/http';
import { endSessionLocally } from '@/lib/session';
import { SIGN_IN_PATH } from './guards';

/** Sign-out: the server revokes the token, then this browser forgets everything of the session. */
export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await http.post('core/join/logout');
    } catch {
      // Already signed out on the server (or unreachable): forgetting it here still signs out.
    }
    endSessionLocally();
    navigate(SIGN_IN_PATH, { replace: true });
  }, [navigate]);
}
