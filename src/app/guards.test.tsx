import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@contracts/auth';
import { decideAccess, OPEN_ROUTES, UnknownGuardError, type AccessContext } from './guards';
import type { AppRoute } from './route-types';
import { buildAppRoutes } from './routes';

const user: CurrentUser = {
  id: 1,
  public_id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  role: 'user',
  is_deleted: false,
  is_deactivated: false,
  is_verified: true,
  language: 'en',
  timezone: 'UTC',
  avatar_url: null,
  bio: null,
  privacy_accepted_at: '2026-11-01T00:00:00.000Z',
  profile_completion_percent: 20,
  preferences: {},
  privacy_options: {
    view_profile: 'everyone',
    view_skill: 'everyone',
    view_availability: 'everyone',
    view_personality: 'everyone',
  },
  notification_settings: {},
  social_media: {},
  two_factor_enabled: false,
  has_password: true,
  created_at: '2026-11-01T00:00:00.000Z',
};

const at = (routeIds: string[], overrides: Partial<AccessContext> = {}): AccessContext => ({
  routeIds: ['root', 'frame', ...routeIds],
  route: '/somewhere?tab=2',
  hasToken: true,
  user,
  signingIn: false,
  ...overrides,
});

describe('access rules (spec 2.8)', () => {
  it('names as open only routes the route tree has', () => {
    const ids = (routes: AppRoute[]): string[] =>
      routes.flatMap((route) => [route.id, ...(route.index ? [] : ids(route.children ?? []))]);
    const known = new Set(ids(buildAppRoutes()));
    expect(OPEN_ROUTES.filter((id) => !known.has(id))).toEqual([]);
  });

  it('sends a visitor without a token to /signin, remembering the route', () => {
    expect(decideAccess(at(['workspaces'], { hasToken: false, user: null }), [])).toEqual({
      kind: 'redirect',
      to: '/signin',
      remember: true,
    });
  });

  it('lets a visitor without a token see the open routes and unknown pages', () => {
    for (const id of [...OPEN_ROUTES, 'not-found']) {
      expect(decideAccess(at([id], { hasToken: false, user: null }), [])).toEqual({
        kind: 'allow',
      });
    }
  });

  it('waits for the user while the token is being checked', () => {
    expect(decideAccess(at(['settings'], { user: undefined }), [])).toEqual({ kind: 'wait' });
  });

  it('logs a deactivated or deleted user out to /signin', () => {
    for (const shadow of [{ is_deactivated: true }, { is_deleted: true }]) {
      expect(decideAccess(at(['dashboard'], { user: { ...user, ...shadow } }), [])).toEqual({
        kind: 'sign-out',
        to: '/signin',
      });
    }
  });

  it('logs an unverified user out to the verify page, keeping the e-mail', () => {
    expect(decideAccess(at(['dashboard'], { user: { ...user, is_verified: false } }), [])).toEqual({
      kind: 'sign-out',
      to: '/verify',
      keepEmail: 'ada@example.com',
    });
  });

  it('sends a user who has not accepted the privacy policy to /dashboard unless there', () => {
    const pending = { ...user, privacy_accepted_at: null };
    expect(decideAccess(at(['settings'], { user: pending }), [])).toEqual({
      kind: 'redirect',
      to: '/dashboard',
      resume: true,
    });
    expect(decideAccess(at(['dashboard'], { user: pending }), [])).toEqual({ kind: 'allow' });
    expect(decideAccess(at(['privacy-policy'], { user: pending }), [])).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in visitor of the sign-in pages on, unless a sign-in is finishing', () => {
    expect(decideAccess(at(['signin-token']), ['guest'])).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decideAccess(at(['signin-token'], { signingIn: true }), ['guest'])).toEqual({
      kind: 'allow',
    });
    expect(decideAccess(at(['signin-token'], { hasToken: false, user: null }), ['guest'])).toEqual({
      kind: 'allow',
    });
  });

  it('opens the dashboard from the bare address', () => {
    expect(decideAccess(at(['index']), ['redirectFromHome'])).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('refuses a route naming a guard nobody wrote (spec 2.9: a 500)', () => {
    expect(() => decideAccess(at(['calendar']), ['noSuchGuard'])).toThrow(UnknownGuardError);
  });
});
