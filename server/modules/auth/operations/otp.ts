import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { otpRequestBody, otpVerifyBody } from '@contracts/auth';
import { consumeOtpCode, MINUTES } from '../../../auth/one-time-tokens';
import { users } from '../../../db/schema';
import { conflict, validationFailed } from '../../../http/errors';
import { findUserByEmail } from '../external-identity';
import { otpCodeMail, queueAccountMailsIn } from '../mails';
import { signInOrChallenge, type SignInClient } from '../sign-in';
import { recipient } from './account-mails';
import type { AuthDeps } from './deps';

/** Mails a six-digit code: to verify an address, or to sign in without a password. */
export async function requestOtp(deps: AuthDeps, input: z.output<typeof otpRequestBody>) {
  const { email, purpose } = input;
  const user = await findUserByEmail(deps.db, email);
  const eligible = user && (purpose === 'verify_email' ? !user.verifiedAt : user.verifiedAt);
  // Same answer and the same write (a mail job, empty when no code is due) either way.
  await queueAccountMailsIn(deps.db, async (tx) =>
    user && eligible ? [await otpCodeMail(deps, tx, recipient(user), purpose, 10 * MINUTES)] : [],
  );
  return {};
}

/** Checks a mailed code: it verifies the address or signs the person in. */
export async function verifyOtp(
  deps: AuthDeps,
  input: z.output<typeof otpVerifyBody> & { client: SignInClient },
) {
  const { db } = deps;
  const { email, purpose, code } = input;
  // The try is counted in its own write before the transaction, so a refusal keeps it.
  const user = await findUserByEmail(db, email);
  if (!user || !(await consumeOtpCode(db, user.email, purpose, code))) {
    throw validationFailed({ code: 'auth:messages.code_invalid' });
  }
  return db.transaction(async (tx) => {
    let current = user;
    if (purpose === 'verify_email') {
      if (user.verifiedAt) throw conflict('auth:messages.already_verified');
      [current] = await tx
        .update(users)
        .set({ verifiedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
    }
    return signInOrChallenge(deps, tx, current, 'otp', input.client);
  });
}
