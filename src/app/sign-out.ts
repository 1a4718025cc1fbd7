import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authEndpoints } from '@contracts/endpoints/auth';
import { api } from '@/lib/http';
import { endSessionLocally } from '@/lib/session';
import { SIGN_IN_PATH } from './guards';
import { liveUpdates } from '@/lib/live-socket';
import { turnOffBrowserPush } from '@/features/notifications';

/** Sign-out: the server revokes the token, then this browser forgets everything of the session. */
export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(async () => {
    // The server closes this session's socket as it revokes the token; hung up first, that close
    // cannot start the "session ended elsewhere" path, which would remember this page for sign-in.
    liveUpdates.disconnect();
    // The next person on this browser must not get this person's notifications.
    await turnOffBrowserPush({ quiet: true });
    try {
      await api.call(authEndpoints.logout);
    } catch {
      // Already signed out on the server (or unreachable): forgetting it here still signs out.
    }
    endSessionLocally();
    navigate(SIGN_IN_PATH, { replace: true });
  }, [navigate]);
}
