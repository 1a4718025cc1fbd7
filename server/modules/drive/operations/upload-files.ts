import { driveFiles, driveFileVersions } from '../../../db/schema';
import type { Actor } from '../../../core/actor';
import { recordEvent } from '../../../jobs';
import { validationFailed } from '../../../http/errors';
import type { ReceivedForm } from '../../../storage/uploads';
import { bytesLeft, holdCapacity } from './capacity';
import { freshFile } from './file-of';
import type { DriveDeps } from './deps';

declare module '../../../jobs' {
  interface DomainEvents {
    /** A version of a drive file was stored: its preview is made by a job. */
    'drive.version_stored': { version_id: number };
  }
}

/**
 * Reads a form once told how many bytes it may store (the capacity left), so an upload that
 * would pass it is refused before or while it streams, with nothing kept.
 */
export type CappedFormSource = (limits: { maxTotalBytes: number }) => Promise<ReceivedForm>;

/**
 * Receives a form within the actor's capacity and runs `store` on its files; publishes them
 * once `store` committed, removes them when anything failed.
 */
export async function withinCapacity<T>(
  deps: DriveDeps,
  actor: Actor,
  receive: CappedFormSource,
  store: (form: ReceivedForm) => Promise<T>,
): Promise<T> {
  const form = await receive({ maxTotalBytes: await bytesLeft(deps, actor.userId) });
  try {
    if (form.files.length === 0) throw validationFailed({ files: 'drive:upload.empty' });
    const result = await store(form);
    await form.publish();
    return result;
  } catch (error) {
    await form.discard();
    throw error;
  }
}

/** Uploads one or several files to the actor's drive, each its own file at version 1. */
export async function uploadFiles(deps: DriveDeps, actor: Actor, receive: CappedFormSource) {
  const ids = await withinCapacity(deps, actor, receive, (form) =>
    deps.db.transaction(async (tx) => {
      const bytes = form.files.reduce((sum, upload) => sum + upload.size, 0);
      await holdCapacity(tx, deps.config, actor.userId, bytes);
      const stored: number[] = [];
      for (const upload of form.files) {
        const [file] = await tx
          .insert(driveFiles)
          .values({ userId: actor.userId, name: upload.name })
          .returning({ id: driveFiles.id });
        const [version] = await tx
          .insert(driveFileVersions)
          .values({
            fileId: file.id,
            number: 1,
            storageKey: upload.key,
            mimeType: upload.mimeType,
            size: upload.size,
          })
          .returning({ id: driveFileVersions.id });
        await recordEvent(tx, 'drive.version_stored', { version_id: version.id });
        stored.push(file.id);
      }
      return stored;
    }),
  );
  return Promise.all(ids.map((id) => freshFile(deps.db, actor, id)));
}
