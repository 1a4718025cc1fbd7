import type { Actor } from '../../../core/actor';
import { presentCurrentUser } from '../present';
import type { AccountDeps } from './deps';
import { selfOf, updateSelf } from '../../profile';

/** Records that the actor accepted the privacy notice (the first time only). */
export async function acceptPrivacy(deps: AccountDeps, actor: Actor) {
  const user = await selfOf(deps.db, actor);
  const updated = await updateSelf(deps.db, actor, {
    privacyAcceptedAt: user.privacyAcceptedAt ?? new Date(),
  });
  return presentCurrentUser(deps.db, updated);
}
