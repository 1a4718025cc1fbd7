import type { Actor } from '../../../core/actor';
import { presentStoredFile } from '../present';
import { saveProfile } from '../store';
import { replaceProfileFile, storedFileOf, type ReceivedFile } from './change-avatar';
import type { ProfileDeps } from './deps';

/** Sets the actor's CV from an upload, removing the one it replaces. */
export function changeCv(deps: ProfileDeps, actor: Actor, receive: () => Promise<ReceivedFile>) {
  return replaceProfileFile(deps, actor, 'cv', receive, async (file) => {
    const profile = await saveProfile(deps.db, actor.userId, { cv: storedFileOf(file) });
    return { cv: presentStoredFile(profile.cv) };
  });
}
