import type { Actor } from '../../../core/actor';
import type { StoredUpload } from '../../../storage/uploads';
import { avatarUrlOf, removeFiles } from '../files';
import { loadProfile, saveProfile } from '../store';
import type { ProfileDeps } from './deps';
import { updateSelf } from './self';

/** One uploaded file, staged until `publish` (server/storage/uploads.ts). */
export interface ReceivedFile {
  file: StoredUpload;
  publish: () => Promise<void>;
}

/** What a profile file is stored as on the profile row. */
export function storedFileOf(file: StoredUpload) {
  return {
    key: file.key,
    name: file.name,
    size: file.size,
    mime_type: file.mimeType,
    uploaded_at: new Date().toISOString(),
  };
}

/** Sets the actor's picture from an upload, removing the one it replaces. */
export async function changeAvatar(
  deps: ProfileDeps,
  actor: Actor,
  receive: () => Promise<ReceivedFile>,
) {
  const { db } = deps;
  const { file, publish } = await receive();
  const previous = await loadProfile(db, actor.userId);
  const avatarUrl = avatarUrlOf(file);
  await db.transaction(async (tx) => {
    await updateSelf(tx, actor, { avatarUrl });
    await saveProfile(tx, actor.userId, { avatar: storedFileOf(file) });
  });
  await publish();
  await removeFiles(deps, [previous?.avatar?.key]);
  return { avatar_url: avatarUrl };
}
