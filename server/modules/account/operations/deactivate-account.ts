import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { revokeAllSessions } from '../../../auth/access-token';
import { users } from '../../../db/schema';
import type { AccountDeps } from './deps';

/** Deactivates the actor's account and signs them out everywhere; signing in reactivates it. */
export async function deactivateAccount(deps: AccountDeps, actor: Actor) {
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, actor.userId));
    await revokeAllSessions(tx, actor.userId);
  });
  deps.realtime.closeSessionsOf(actor.userId);
  return {};
}
