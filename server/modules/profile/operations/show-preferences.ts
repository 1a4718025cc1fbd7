import type { Actor } from '../../../core/actor';
import { requireVisible } from '../privacy';
import { loadProfile, workPreferencesOf } from '../store';
import type { ProfileDeps } from './deps';
import { viewerOf } from './self';

/** How a person likes to work. */
export async function showPreferences(deps: ProfileDeps, actor: Actor, ref: string) {
  const person = await requireVisible(deps.db, viewerOf(actor), ref, 'profile');
  return {
    user_id: person.id,
    preferences: workPreferencesOf(await loadProfile(deps.db, person.id)),
  };
}
