import { findUserByEmail } from '../external-identity';
import { oneTimeLinkMail, queueAccountMailsIn } from '../mails';
import { HOURS, recipient } from './account-mails';
import type { AuthDeps } from './deps';

/** Mails a password reset link to the address, if it has an account. */
export async function requestPasswordReset(deps: AuthDeps, input: { email: string }) {
  const user = await findUserByEmail(deps.db, input.email);
  // Same answer and the same write (a mail job, empty for an unknown address) either way.
  await queueAccountMailsIn(deps.db, async (tx) =>
    user
      ? [
          await oneTimeLinkMail(
            deps,
            tx,
            { ...recipient(user), userId: user.id },
            'reset_password',
            { ttlMs: 1 * HOURS, path: '/password/reset' },
          ),
        ]
      : [],
  );
  return {};
}
