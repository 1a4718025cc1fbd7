import { MINUTES } from '../../../auth/one-time-tokens';
import { displayName } from '../../../core/people';
import type { DbOrTx } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { oneTimeLinkMail } from '../mails';
import type { AuthDeps } from './deps';

export const HOURS = 60 * MINUTES;

export function recipient(user: UserRow) {
  return { email: user.email, name: displayName(user), language: user.language };
}

/** The mail with the link that verifies the person's address (its token written in `tx`). */
export const verificationMail = (deps: AuthDeps, tx: DbOrTx, user: UserRow) =>
  oneTimeLinkMail(deps, tx, { ...recipient(user), userId: user.id }, 'verify_email', {
    ttlMs: 48 * HOURS,
    path: '/verify',
  });
