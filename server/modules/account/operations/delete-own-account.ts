import type { z } from 'zod';
import type { deleteAccountBody } from '@contracts/account';
import type { Actor } from '../../../core/actor';
import { verifySecret } from '../../../auth/password';
import { validationFailed } from '../../../http/errors';
import { storageFor } from '../../../storage';
import { deleteAccount } from '../deletion';
import type { AccountDeletionDeps } from './deps';
import { selfOf } from '../../profile';

/**
 * Deletes the actor's account once they confirmed it (their password, or their email when
 * they have none): every area erases or keeps what is theirs, then their files go.
 */
export async function deleteOwnAccount(
  deps: AccountDeletionDeps,
  actor: Actor,
  body: z.output<typeof deleteAccountBody>,
) {
  const user = await selfOf(deps.db, actor);
  const { password, email } = body;
  const confirmed = user.passwordHash
    ? await verifySecret(password ?? '', user.passwordHash)
    : email?.toLowerCase() === user.email.toLowerCase();
  if (!confirmed) {
    throw validationFailed(
      user.passwordHash
        ? { password: 'account:messages.current_password_wrong' }
        : { email: 'account:messages.confirm_email_wrong' },
    );
  }
  const fileKeys = await deleteAccount(deps.areas, deps.db, user.id);
  deps.realtime.closeSessionsOf(user.id);
  await storageFor(deps.config).remove(fileKeys);
  return {};
}
