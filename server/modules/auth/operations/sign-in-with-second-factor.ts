import { finishSignIn } from '../sign-in';
import { checkSecondFactor } from '../two-factor';
import type { AuthDeps } from './deps';
import { passChallenge, type ChallengeAnswer } from './second-factor';

/** Second step of a sign-in whose account has 2FA on: a code from the app or a recovery code. */
export async function signInWithSecondFactor(deps: AuthDeps, input: ChallengeAnswer) {
  const user = await passChallenge(deps, input, false, (person) =>
    checkSecondFactor(deps.db, person, input.code),
  );
  return deps.db.transaction((tx) => finishSignIn(deps, tx, user, 'two_factor', input.client));
}
