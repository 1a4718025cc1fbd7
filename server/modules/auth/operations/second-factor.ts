import { eq } from 'drizzle-orm';
import { attemptOneTimeToken, useOneTimeToken } from '../../../auth/one-time-tokens';
import { users, type UserRow } from '../../../db/schema';
import { unauthorized, validationFailed } from '../../../http/errors';
import type { SignInClient } from '../sign-in';
import type { AccountLimit, AuthDeps } from './deps';

/** The second step of a sign-in: the login_token of the first, and a code. */
export interface ChallengeAnswer {
  loginToken: string;
  code: string;
  client: SignInClient;
  /** Counts the try against the account's budget, once the account is known. */
  limit: AccountLimit;
}

/**
 * The half-finished sign-in behind a login_token, with one try counted against it (five
 * wrong codes spend it) and against its account's budget; then the code is checked and, when
 * right, the token spent.
 */
export async function passChallenge(
  deps: AuthDeps,
  input: ChallengeAnswer,
  enable: boolean,
  codeIsRight: (user: UserRow) => Promise<boolean>,
): Promise<UserRow> {
  const { db } = deps;
  const challenge = await attemptOneTimeToken(db, 'login_challenge', input.loginToken);
  const userId = challenge?.userId;
  const [user] = userId ? await db.select().from(users).where(eq(users.id, userId)) : [];
  if (!challenge || !user || Boolean(challenge.payload.enable) !== enable) {
    throw unauthorized('auth:messages.login_token_invalid');
  }
  await input.limit(`user:${user.id}`);
  if (!(await codeIsRight(user))) {
    throw validationFailed({ code: 'auth:messages.code_invalid' });
  }
  if (!(await useOneTimeToken(db, challenge.id))) {
    throw unauthorized('auth:messages.login_token_invalid');
  }
  return user;
}
