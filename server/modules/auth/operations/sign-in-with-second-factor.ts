import type { SignInClient } from '../sign-in';
import { finishSignIn } from '../sign-in';
import { checkSecondFactor } from '../two-factor';
import type { AccountLimit, AuthDeps } from './deps';
import { passChallenge } from './second-factor';

/** Second step of a sign-in whose account has 2FA on: a code from the app or a recovery code. */
export async function signInWithSecondFactor(
  deps: AuthDeps,
  input: { loginToken: string; code: string; client: SignInClient; limit: AccountLimit },
) {
  const user = await passChallenge(deps, {
    loginToken: input.loginToken,
    enable: false,
    limit: input.limit,
    codeIsRight: (person) => checkSecondFactor(deps.db, person, input.code),
  });
  return deps.db.transaction((tx) => finishSignIn(deps, tx, user, 'two_factor', input.client));
}
