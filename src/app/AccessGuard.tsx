import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import {
  endSessionLocally,
  keepVerifyEmail,
  rememberRoute,
  useAccessToken,
  useSignInInProgress,
} from '@/lib/session';
import { useCurrentUser } from '@/lib/current-user';
import { decideAccess, type AccessDecision } from './guards';
import { lazyComponent } from '@/lib/lazy-page';
import { PageSkeleton } from './layouts/FrameSkeleton';
import type { RouteHandle } from './route-types';

const PrivacyAcceptanceDialog = lazyComponent(() =>
  import('./PrivacyAcceptanceDialog').then((module) => module.PrivacyAcceptanceDialog),
);

function GuardRedirect({
  decision,
  route,
}: {
  decision: Extract<AccessDecision, { kind: 'redirect' | 'sign-out' }>;
  /** The route to come back to after sign-in, if it should be remembered. */
  route: string | null;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    if (decision.kind === 'sign-out') {
      if (decision.keepEmail) keepVerifyEmail(decision.keepEmail);
      endSessionLocally();
    } else if ((decision.remember || decision.resume) && route) {
      rememberRoute(route);
    }
    navigate(decision.to, { replace: true });
  }, [decision, route, navigate]);
  return <FullPageSpinner />;
}

/**
 * Applies spec 2.8 to every route: see guards.ts for the rules themselves.
 * `arrivedSignedIn` says whether the visitor reached this route with a session: a session that
 * ends on the page (sign-out, deactivation) leaves no route to come back to, and an expired
 * one is remembered by the HTTP client's 401 handler instead.
 */
export function AccessGuard({
  arrivedSignedIn,
  children,
}: {
  arrivedSignedIn: boolean;
  children: ReactNode;
}) {
  const matches = useMatches();
  const location = useLocation();
  const token = useAccessToken();
  const signingIn = useSignInInProgress();
  const userQuery = useCurrentUser();
  // A 401 has already ended the session (the HTTP client did); any other failure is an error page.
  if (token && userQuery.isError && !userQuery.data) throw userQuery.error;

  const user = token ? userQuery.data : null;
  const route = `${location.pathname}${location.search}${location.hash}`;
  const routeIds = matches.map((match) => match.id);
  const decision = decideAccess(
    { routeIds, route, hasToken: token !== null, user, signingIn },
    matches.flatMap((match) => (match.handle as RouteHandle | undefined)?.guards ?? []),
  );

  switch (decision.kind) {
    case 'allow':
      return (
        <>
          {children}
          {user && !user.privacy_accepted_at && routeIds.includes('dashboard') && (
            <Suspense>
              <PrivacyAcceptanceDialog />
            </Suspense>
          )}
        </>
      );
    case 'wait':
      return <PageSkeleton />;
    default:
      return (
        <GuardRedirect
          decision={decision}
          route={
            arrivedSignedIn && !(decision.kind === 'redirect' && decision.resume) ? null : route
          }
        />
      );
  }
}
