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

/**
 * Stores an upload as the actor's picture or CV (`save` writes the rows naming it), publishes
 * it once they committed, and removes the file it replaced.
 */
export async function replaceProfileFile<T>(
  deps: ProfileDeps,
  actor: Actor,
  kind: 'avatar' | 'cv',
  receive: () => Promise<ReceivedFile>,
  save: (file: StoredUpload) => Promise<T>,
): Promise<T> {
  const { file, publish } = await receive();
  const previous = await loadProfile(deps.db, actor.userId);
  const saved = await save(file);
  await publish();
  await removeFiles(deps, [previous?.[kind]?.key]);
  return saved;
}

/** Sets the actor's picture from an upload, removing the one it replaces. */
export function changeAvatar(
  deps: ProfileDeps,
  actor: Actor,
  receive: () => Promise<ReceivedFile>,
) {
  return replaceProfileFile(deps, actor, 'avatar', receive, async (file) => {
    const avatarUrl = avatarUrlOf(file);
    await deps.db.transaction(async (tx) => {
      await updateSelf(tx, actor, { avatarUrl });
      await saveProfile(tx, actor.userId, { avatar: storedFileOf(file) });
    });
    return { avatar_url: avatarUrl };
  });
}
