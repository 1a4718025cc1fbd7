import { eq } from 'drizzle-orm';
import type { SignInResult } from '@contracts/auth';
import { issueAccessToken, type SessionOrigin } from '../../auth/access-token';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { presentCurrentUser } from '../account';
import { loadTours } from '../account';
import { createOneTimeToken, MINUTES } from '../../auth/one-time-tokens';
import { newTwoFactorSetup } from './two-factor';

/** Where a sign-in came from, kept with its session. */
export interface SignInClient {
  userAgent?: string;
  ip?: string;
}

/**
 * What a sign-in step gives: spec 3's sign-in result, and the access token when the person is
 * now signed in (the route sends it in the `access-token` header).
 */
export interface SignInOutcome<R extends SignInResult = SignInResult> {
  result: R;
  token: string | null;
}

/** A step that signs a person in, in the transaction `db`. */
type SignInStep = (
  deps: AppDeps,
  db: DbOrTx,
  user: UserRow,
  via: SessionOrigin,
  client: SignInClient,
) => Promise<SignInOutcome>;

/**
 * Finishes any sign-in (password, second factor, OIDC, Teams SSO, OTP, LTI): opens a session
 * and answers with its token and spec 3's sign-in result.
 */
export const finishSignIn: SignInStep = async (deps, db, user, via, client) => {
  let current = user;
  if (user.deactivatedAt) {
    // Signing in again is how a person brings a deactivated account back.
    [current] = await db
      .update(users)
      .set({ deactivatedAt: null, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
  }
  const token = await issueAccessToken(deps, db, current, via, client);
  const presented = await presentCurrentUser(db, current);
  return {
    token,
    result: {
      user: presented,
      tours: await loadTours(db, current.id),
      profile_completion_percent: presented.profile_completion_percent,
      redirectToEnable: false,
      two_factor_required: false,
    },
  };
};

/** Signs the person in, or first asks for their second factor when their account has one. */
export const signInOrChallenge: SignInStep = async (deps, db, user, via, client) =>
  needsSecondFactor(user)
    ? { result: await beginSecondFactor(deps, db, user, via), token: null }
    : finishSignIn(deps, db, user, via, client);

/**
 * A sign-in that needs a second factor first. With 2FA on, the client asks for a code
 * (login-2fa). When the account must have 2FA but has none yet (supervisors), the client
 * shows the setup QR and sends the first code to login-with-enable (`redirectToEnable`).
 */
export async function beginSecondFactor(
  deps: AppDeps,
  db: DbOrTx,
  user: UserRow,
  via: SessionOrigin,
): Promise<SignInResult> {
  const mustEnable = user.twoFactorEnabledAt === null;
  const setup = mustEnable ? await newTwoFactorSetup(user.email) : undefined;
  if (setup) {
    await db
      .update(users)
      .set({ twoFactorPendingSecret: setup.secret })
      .where(eq(users.id, user.id));
  }
  const loginToken = await createOneTimeToken(db, 'login_challenge', {
    userId: user.id,
    payload: { via, enable: mustEnable },
    ttlMs: 10 * MINUTES,
  });
  return {
    user: null,
    tours: null,
    profile_completion_percent: null,
    redirectToEnable: mustEnable,
    two_factor_required: true,
    login_token: loginToken,
    otpauth_url: setup?.otpauth_url,
    qr_code: setup?.qr_code,
  };
}

export function needsSecondFactor(user: UserRow): boolean {
  return user.twoFactorEnabledAt !== null || user.twoFactorRequired;
}
