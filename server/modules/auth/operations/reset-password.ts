import { eq } from 'drizzle-orm';
import { revokeAllSessions } from '../../../auth/access-token';
import { consumeOneTimeToken, peekOneTimeToken } from '../../../auth/one-time-tokens';
import { hashSecret } from '../../../auth/password';
import { users } from '../../../db/schema';
import { refusal, validationFailed } from '../../../http/errors';
import type { AuthDeps } from './deps';

const linkExpired = () => refusal(410, 'link_expired', 'auth:messages.link_invalid');

/** The address a password reset link is for, while the link is good. */
export async function checkResetLink(deps: AuthDeps, token: string) {
  const found = await peekOneTimeToken(deps.db, 'reset_password', token);
  if (!found?.email) throw linkExpired();
  return { email: found.email };
}

/** Sets a new password through a reset link; every session of the account ends. */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string; password_confirmation?: string },
) {
  const { token, password, password_confirmation: confirmation } = input;
  if (confirmation !== undefined && confirmation !== password) {
    throw validationFailed({ password_confirmation: 'auth:messages.passwords_differ' });
  }
  const used = await consumeOneTimeToken(deps.db, 'reset_password', token);
  if (!used?.userId) throw linkExpired();
  const userId = used.userId;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash: await hashSecret(password),
        passwordChangedAt: new Date(),
        // The mail reached its owner, so the address is proven too.
        verifiedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    // A reset ends every session, in case the old password was known to someone else.
    await revokeAllSessions(tx, userId);
  });
  deps.realtime.closeSessionsOf(userId);
  return {};
}
