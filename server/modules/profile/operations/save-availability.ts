import type { Actor } from '../../../core/actor';
import { presentAvailability } from '../present';
import { saveProfile } from '../store';
import type { ProfileDeps } from './deps';
import { selfOf } from './self';

/** Replaces the actor's free hours of the week (UTC hour-of-week slots). */
export async function saveAvailability(
  deps: ProfileDeps,
  actor: Actor,
  input: { slots: readonly number[] },
) {
  const slots = [...input.slots].sort((a, b) => a - b);
  const profile = await saveProfile(deps.db, actor.userId, {
    availability: slots,
    availabilityUpdatedAt: new Date(),
  });
  return presentAvailability(await selfOf(deps.db, actor), profile);
}
