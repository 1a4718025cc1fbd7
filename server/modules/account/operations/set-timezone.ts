import type { Actor } from '../../../core/actor';
import { validationFailed } from '../../../http/errors';
import { isKnownTimezone } from '../../lookups';
import { presentCurrentUser } from '../present';
import type { AccountDeps } from './deps';
import { selfOf, updateSelf } from '../../profile';

/** Sets the actor's time zone, which they have then confirmed. */
export async function setTimezone(deps: AccountDeps, actor: Actor, input: { timezone: string }) {
  if (!isKnownTimezone(input.timezone)) {
    throw validationFailed({ timezone: 'account:messages.timezone_unknown' });
  }
  const user = await selfOf(deps.db, actor);
  const updated = await updateSelf(deps.db, actor, {
    timezone: input.timezone,
    preferences: { ...user.preferences, timezone_confirmed: true },
  });
  return presentCurrentUser(deps.db, updated);
}
