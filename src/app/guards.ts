import type { CurrentUser } from '@contracts/auth';

/**
 * Spec 2.8, as pure functions of where the visitor is going and who they are. The
 * <AccessGuard> component applies the decision; tests call `decideAccess` directly.
 */

/** Routes open without sign-in, by route name (spec 2.8, in its order). */
export const OPEN_ROUTES: readonly string[] = [
  'errors',
  'message',
  'signin-token',
  'register-token',
  'join',
  'password-forgot',
  'password-reset',
  'verify',
  'privacy-policy',
  'terms-of-use',
  'oauth-callback',
  'lti-process-plugin',
  'position-id',
  'p-notifications-token',
];

export const SIGN_IN_PATH = '/signin';
export const VERIFY_PATH = '/verify';
export const DASHBOARD_PATH = '/dashboard';

export interface AccessContext {
  /** Ids of the matched routes, outermost first. */
  routeIds: string[];
  /** The path with query and hash the visitor asked for. */
  route: string;
  hasToken: boolean;
  /** undefined while it loads; null when there is no session. */
  user: CurrentUser | null | undefined;
  /** A sign-in page is finishing its steps (second factor, recovery codes). */
  signingIn: boolean;
}

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'wait' }
  | {
      kind: 'redirect';
      to: string;
      /** Come back here after signing in. */
      remember?: boolean;
      /** Come back here once the page redirected to is done (the session stays). */
      resume?: boolean;
    }
  | { kind: 'sign-out'; to: string; keepEmail?: string };

type Guard = (context: AccessContext) => AccessDecision | null;

/** The unknown-page route shows its 404 to everyone, signed in or not (spec 2.9). */
const NOT_FOUND_ROUTE = 'not-found';

export const isOpenRoute = (routeIds: string[]) =>
  routeIds.some((id) => OPEN_ROUTES.includes(id) || id === NOT_FOUND_ROUTE);

const guards = {
  /** No session → sign-in (remembering the route); shadow and unverified accounts are logged out. */
  authenticate(context) {
    const { user } = context;
    if (user?.is_deleted || user?.is_deactivated) return { kind: 'sign-out', to: SIGN_IN_PATH };
    if (user && !user.is_verified) {
      return { kind: 'sign-out', to: VERIFY_PATH, keepEmail: user.email };
    }
    if (isOpenRoute(context.routeIds)) return null;
    if (!context.hasToken) return { kind: 'redirect', to: SIGN_IN_PATH, remember: true };
    if (user === undefined) return { kind: 'wait' };
    return null;
  },
  /** Until the privacy policy is accepted the dashboard (where it is accepted) is the only page. */
  privacyAccepted(context) {
    const { user } = context;
    if (!user || user.privacy_accepted_at || isOpenRoute(context.routeIds)) return null;
    // The page asked for (a workspace an LTI launch or a mail link opens) comes after acceptance.
    return context.routeIds.includes('dashboard')
      ? null
      : { kind: 'redirect', to: DASHBOARD_PATH, resume: true };
  },
  /** Sign-in and sign-up pages send a signed-in visitor on to the app. */
  guest(context) {
    if (!context.hasToken || context.signingIn) return null;
    if (context.user === undefined) return { kind: 'wait' };
    return context.user ? { kind: 'redirect', to: DASHBOARD_PATH } : null;
  },
  /** The bare address of the app opens the dashboard. */
  redirectFromHome() {
    return { kind: 'redirect', to: DASHBOARD_PATH };
  },
} satisfies Record<string, Guard>;

export type GuardName = keyof typeof guards;

/** Every route passes these before its own. */
export const GLOBAL_GUARDS: GuardName[] = ['authenticate', 'privacyAccepted'];

export class UnknownGuardError extends Error {
  constructor(readonly guard: string) {
    super(`Unknown route guard: ${guard}`);
    this.name = 'UnknownGuardError';
  }
}

/** The first guard that objects decides; an unknown guard name is a bug (spec 2.9: a 500). */
export function decideAccess(
  context: AccessContext,
  routeGuards: readonly string[],
): AccessDecision {
  for (const name of [...GLOBAL_GUARDS, ...routeGuards]) {
    const guard: Guard | undefined = (guards as Record<string, Guard>)[name];
    if (!guard) throw new UnknownGuardError(name);
    const decision = guard(context);
    if (decision) return decision;
  }
  return { kind: 'allow' };
}
