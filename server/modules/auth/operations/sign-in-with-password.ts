import { passwordMatches } from '../../../auth/password';
import { refusal } from '../../../http/errors';
import { findUserByEmail } from '../external-identity';
import { queueAccountMailsIn } from '../mails';
import { signInOrChallenge, type SignInClient } from '../sign-in';
import { verificationMail } from './account-mails';
import type { AuthDeps } from './deps';

/** Signs in with an address and password; `reactivated` when that brought the account back. */
export async function signInWithPassword(
  deps: AuthDeps,
  input: { email: string; password: string; client: SignInClient },
) {
  const { db } = deps;
  const user = await findUserByEmail(db, input.email);
  if (!(await passwordMatches(input.password, user)) || !user) {
    throw refusal(401, 'invalid_credentials', 'auth:messages.invalid_credentials');
  }
  if (!user.verifiedAt) {
    // Only with the right password, so this tells nothing to someone guessing.
    await queueAccountMailsIn(db, async (tx) => [await verificationMail(deps, tx, user)]);
    throw refusal(403, 'email_not_verified', 'auth:messages.email_not_verified');
  }
  const outcome = await db.transaction((tx) =>
    signInOrChallenge(deps, tx, user, 'password', input.client),
  );
  return { ...outcome, reactivated: user.deactivatedAt !== null };
}
