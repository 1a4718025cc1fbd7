import { findUserByEmail } from '../external-identity';
import { queueAccountMailsIn } from '../mails';
import { verificationMail } from './account-mails';
import type { AuthDeps } from './deps';

/** Mails the address's verification link again, if it has an account still unverified. */
export async function resendVerification(deps: AuthDeps, input: { email: string }) {
  const user = await findUserByEmail(deps.db, input.email);
  // Same answer and the same write (a mail job, empty for an unknown address) either way.
  await queueAccountMailsIn(deps.db, async (tx) =>
    user && !user.verifiedAt ? [await verificationMail(deps, tx, user)] : [],
  );
  return {};
}
