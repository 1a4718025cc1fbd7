import type { Actor } from '../../../core/actor';
import { removeFiles } from '../files';
import { loadProfile, saveProfile } from '../store';
import type { ProfileDeps } from './deps';
import { updateSelf } from './self';

/** Removes the actor's picture. */
export async function removeAvatar(deps: ProfileDeps, actor: Actor) {
  const { db } = deps;
  const previous = await loadProfile(db, actor.userId);
  await db.transaction(async (tx) => {
    await updateSelf(tx, actor, { avatarUrl: null });
    if (previous) await saveProfile(tx, actor.userId, { avatar: null });
  });
  await removeFiles(deps, [previous?.avatar?.key]);
  return { avatar_url: null };
}
