import { eq } from 'drizzle-orm';
import { consumeOneTimeToken } from '../../../auth/one-time-tokens';
import { users } from '../../../db/schema';
import { refusal } from '../../../http/errors';
import { signInOrChallenge, type SignInClient } from '../sign-in';
import type { AuthDeps } from './deps';

/**
 * Opening the mailed link proves the address and signs the person in (2FA accounts still give
 * their code).
 */
export async function verifyEmail(deps: AuthDeps, input: { token: string; client: SignInClient }) {
  const { db } = deps;
  const token = await consumeOneTimeToken(db, 'verify_email', input.token);
  const userId = token?.userId;
  if (!userId) throw refusal(410, 'link_expired', 'auth:messages.link_invalid');
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ verifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!user || user.deletedAt) throw refusal(410, 'link_expired', 'auth:messages.link_invalid');
    return signInOrChallenge(deps, tx, user, 'password', input.client);
  });
}
