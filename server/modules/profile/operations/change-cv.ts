import type { Actor } from '../../../core/actor';
import { removeFiles } from '../files';
import { presentStoredFile } from '../present';
import { loadProfile, saveProfile } from '../store';
import { storedFileOf, type ReceivedFile } from './change-avatar';
import type { ProfileDeps } from './deps';

/** Sets the actor's CV from an upload, removing the one it replaces. */
export async function changeCv(
  deps: ProfileDeps,
  actor: Actor,
  receive: () => Promise<ReceivedFile>,
) {
  const { db } = deps;
  const { file, publish } = await receive();
  const previous = await loadProfile(db, actor.userId);
  const profile = await saveProfile(db, actor.userId, { cv: storedFileOf(file) });
  await publish();
  await removeFiles(deps, [previous?.cv?.key]);
  return { cv: presentStoredFile(profile.cv) };
}
