import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { changePasswordBody } from '@contracts/account';
import type { Actor } from '../../../core/actor';
import { hashSecret, verifySecret } from '../../../auth/password';
import { users } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import type { AccountDeps } from './deps';
import { selfOf } from '../../profile';

/**
 * Changes the actor's password (the current one first, if they have one). Their other sessions
 * end; the one they came with stays.
 */
export async function changePassword(
  deps: AccountDeps,
  actor: Actor,
  body: z.output<typeof changePasswordBody>,
) {
  const user = await selfOf(deps.db, actor);
  if (user.passwordHash && !(await verifySecret(body.current_password ?? '', user.passwordHash))) {
    throw validationFailed({ current_password: 'account:messages.current_password_wrong' });
  }
  if (body.password_confirmation !== undefined && body.password_confirmation !== body.password) {
    throw validationFailed({ password_confirmation: 'auth:messages.passwords_differ' });
  }
  const sessionId = actor.sessionId ?? '';
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: await hashSecret(body.password), passwordChangedAt: new Date() })
      .where(eq(users.id, user.id));
    // Other devices sign in again with the new password; this one stays signed in.
    await tx.execute(
      sql`update sessions set revoked_at = now() where user_id = ${user.id} and id <> ${sessionId} and revoked_at is null`,
    );
  });
  deps.realtime.closeSessionsOf(user.id, actor.sessionId);
  return {};
}
