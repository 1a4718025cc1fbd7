import { and, eq } from 'drizzle-orm';
import type { DriveFileStatus } from '@contracts/drive';
import type { Actor } from '../../../core/actor';
import { driveFiles } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import type { DriveDeps } from './deps';
import { fileOf, freshFile } from './file-of';

/**
 * Moves a file between the lists (spec 4): only a current file is archived and only an
 * archived one restored; the other way is a 409 that says where the file is.
 */
async function moveFile(
  deps: Pick<DriveDeps, 'db'>,
  actor: Actor,
  id: number,
  from: DriveFileStatus,
  to: DriveFileStatus,
) {
  const { file } = await fileOf(deps.db, actor, id);
  const moved = await deps.db
    .update(driveFiles)
    .set({ status: to, archivedAt: to === 'archived' ? new Date() : null })
    .where(and(eq(driveFiles.id, file.id), eq(driveFiles.status, from)))
    .returning({ id: driveFiles.id });
  if (moved.length === 0) {
    throw conflict(
      to === 'archived' ? 'drive:errors.already_archived' : 'drive:errors.not_archived',
    );
  }
  return freshFile(deps.db, actor, file.id);
}

/** Archives a current file: it goes for good DRIVE_TRASH_DAYS later unless restored. */
export function archiveFile(deps: Pick<DriveDeps, 'db'>, actor: Actor, id: number) {
  return moveFile(deps, actor, id, 'current', 'archived');
}

/** Restores an archived file to the current list. */
export function restoreFile(deps: Pick<DriveDeps, 'db'>, actor: Actor, id: number) {
  return moveFile(deps, actor, id, 'archived', 'current');
}
