import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { finishSignIn } from '../sign-in';
import { acceptTotp, newRecoveryCodes } from '../two-factor';
import type { AuthDeps } from './deps';
import { passChallenge, type ChallengeAnswer } from './second-factor';

/** Sign-in of an account that must have 2FA but has none yet: the first code turns it on. */
export async function signInEnablingTwoFactor(deps: AuthDeps, input: ChallengeAnswer) {
  const user = await passChallenge(deps, input, true, (person) =>
    acceptTotp(deps.db, person.id, person.twoFactorPendingSecret, input.code),
  );
  return deps.db.transaction(async (tx) => {
    const recovery = await newRecoveryCodes();
    const [enabled] = await tx
      .update(users)
      .set({
        twoFactorSecret: user.twoFactorPendingSecret,
        twoFactorPendingSecret: null,
        twoFactorEnabledAt: new Date(),
        recoveryCodes: recovery.hashed,
      })
      .where(eq(users.id, user.id))
      .returning();
    const signIn = await finishSignIn(deps, tx, enabled, 'two_factor', input.client);
    return { ...signIn, result: { ...signIn.result, recovery_codes: recovery.plain } };
  });
}
