import { and, eq, inArray, lt } from 'drizzle-orm';
import { DRIVE_TRASH_DAYS } from '@contracts/drive';
import type { Actor } from '../../../core/actor';
import type { DbOrTx } from '../../../db/client';
import { driveFiles, driveFileVersions } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import { storageFor } from '../../../storage';
import type { DriveDeps } from './deps';
import { fileOf } from './file-of';

const DAY_MS = 86_400_000;

/**
 * Removes drive files for good: their rows (versions go with them) in one transaction, then
 * their bytes and previews. A crash between the two leaves bytes no row names, which the
 * storage sweep clears.
 */
async function removeFiles(deps: DriveDeps, ids: number[]) {
  if (ids.length === 0) return 0;
  const keys = await deps.db.transaction(async (tx: DbOrTx) => {
    const versions = await tx
      .select({ key: driveFileVersions.storageKey, thumbnail: driveFileVersions.thumbnailKey })
      .from(driveFileVersions)
      .where(inArray(driveFileVersions.fileId, ids));
    await tx.delete(driveFiles).where(inArray(driveFiles.id, ids));
    return versions.flatMap((v) => (v.thumbnail ? [v.key, v.thumbnail] : [v.key]));
  });
  await storageFor(deps.config).remove(keys);
  return ids.length;
}

/** Deletes an archived file for good; a current one must be archived first (409). */
export async function deleteFile(deps: DriveDeps, actor: Actor, id: number) {
  const { file } = await fileOf(deps.db, actor, id);
  if (file.status !== 'archived') throw conflict('drive:errors.delete_current');
  await removeFiles(deps, [file.id]);
}

/**
 * A scheduled job: removes for good the files archived DRIVE_TRASH_DAYS ago or earlier, rows
 * and bytes. Returns how many went.
 */
export async function emptyTrash(deps: DriveDeps, now = new Date()) {
  const due = await deps.db
    .select({ id: driveFiles.id })
    .from(driveFiles)
    .where(
      and(
        eq(driveFiles.status, 'archived'),
        lt(driveFiles.archivedAt, new Date(now.getTime() - DRIVE_TRASH_DAYS * DAY_MS)),
      ),
    )
    .limit(1000);
  return removeFiles(
    deps,
    due.map((row) => row.id),
  );
}
