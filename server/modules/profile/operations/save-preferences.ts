import type { z } from 'zod';
import type { savePreferencesBody } from '@contracts/profile';
import type { Actor } from '../../../core/actor';
import { loadProfile, saveProfile, workPreferencesOf } from '../store';
import type { ProfileDeps } from './deps';

/** Changes how the actor likes to work (roles, work style, communication, goals). */
export async function savePreferences(
  deps: ProfileDeps,
  actor: Actor,
  changes: z.output<typeof savePreferencesBody>,
) {
  const current = workPreferencesOf(await loadProfile(deps.db, actor.userId));
  const preferences = {
    ...current,
    ...changes,
    preferred_roles: [...new Set(changes.preferred_roles ?? current.preferred_roles)],
  };
  const profile = await saveProfile(deps.db, actor.userId, { workPreferences: preferences });
  return { user_id: actor.userId, preferences: workPreferencesOf(profile) };
}
