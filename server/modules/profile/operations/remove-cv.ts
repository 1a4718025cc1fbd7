import type { Actor } from '../../../core/actor';
import { removeFiles } from '../files';
import { loadProfile, saveProfile } from '../store';
import type { ProfileDeps } from './deps';

/** Removes the actor's CV. */
export async function removeCv(deps: ProfileDeps, actor: Actor) {
  const { db } = deps;
  const previous = await loadProfile(db, actor.userId);
  if (previous?.cv) await saveProfile(db, actor.userId, { cv: null });
  await removeFiles(deps, [previous?.cv?.key]);
  return { cv: null };
}
