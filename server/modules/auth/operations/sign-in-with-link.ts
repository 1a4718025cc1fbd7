import { eq } from 'drizzle-orm';
import { consumeOneTimeToken } from '../../../auth/one-time-tokens';
import { users } from '../../../db/schema';
import { refusal } from '../../../http/errors';
import { signInOrChallenge, type SignInClient } from '../sign-in';
import type { AuthDeps } from './deps';

/** Signs in through a single-use link (/signin/:token), e.g. from an invitation mail. */
export async function signInWithLink(
  deps: AuthDeps,
  input: { token: string; client: SignInClient },
) {
  const used = await consumeOneTimeToken(deps.db, 'sign_in_link', input.token);
  return deps.db.transaction(async (tx) => {
    const [user] = used?.userId
      ? await tx.select().from(users).where(eq(users.id, used.userId))
      : [];
    if (!user || user.deletedAt) throw refusal(410, 'link_expired', 'auth:messages.link_invalid');
    return signInOrChallenge(deps, tx, user, 'join', input.client);
  });
}
