import type { Actor } from '../../../core/actor';
import { privacyOf } from '../../../auth/privacy';
import { presentAvailability } from '../present';
import { requireVisible } from '../privacy';
import { loadProfile } from '../store';
import type { ProfileDeps } from './deps';
import { viewerOf } from './self';

/** A person's free hours of the week; their time zone only if their profile is shown. */
export async function showAvailability(deps: ProfileDeps, actor: Actor, ref: string) {
  const { db } = deps;
  const viewer = viewerOf(actor);
  const person = await requireVisible(db, viewer, ref, 'availability');
  const privacy = await privacyOf(db, viewer, [person]);
  return presentAvailability(
    person,
    await loadProfile(db, person.id),
    privacy.sees(person.id, 'profile'),
  );
}
