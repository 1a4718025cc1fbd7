import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { finishSignIn, type SignInClient } from '../sign-in';
import { acceptTotp, newRecoveryCodes } from '../two-factor';
import type { AccountLimit, AuthDeps } from './deps';
import { passChallenge } from './second-factor';

/** Sign-in of an account that must have 2FA but has none yet: the first code turns it on. */
export async function signInEnablingTwoFactor(
  deps: AuthDeps,
  input: { loginToken: string; code: string; client: SignInClient; limit: AccountLimit },
) {
  const user = await passChallenge(deps, {
    loginToken: input.loginToken,
    enable: true,
    limit: input.limit,
    codeIsRight: (person) =>
      acceptTotp(deps.db, person.id, person.twoFactorPendingSecret, input.code),
  });
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
