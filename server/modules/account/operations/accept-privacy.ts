import type { Actor } from '../../../core/actor';
import { presentCurrentUser } from '../present';
import type { AccountDeps } from './deps';
import { accountOf, updateAccount } from './self';

/** Records that the actor accepted the privacy notice (the first time only). */
export async function acceptPrivacy(deps: AccountDeps, actor: Actor) {
  const user = await accountOf(deps.db, actor);
  const updated = await updateAccount(deps.db, user.id, {
    privacyAcceptedAt: user.privacyAcceptedAt ?? new Date(),
  });
  return presentCurrentUser(deps.db, updated);
}
