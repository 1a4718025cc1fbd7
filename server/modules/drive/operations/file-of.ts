import { and, count, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import type { DbOrTx } from '../../../db/client';
import { driveFiles, driveFileVersions, type DriveFileRow } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { presentFile } from '../present';

/** Joins a drive file to the version it shows now. */
export const isCurrentVersion = and(
  eq(driveFileVersions.fileId, driveFiles.id),
  eq(driveFileVersions.number, driveFiles.currentVersion),
);

/**
 * One of the actor's own drive files with the version it shows now. Anyone else's file, or
 * one that does not exist, is the same 404: a drive is private.
 */
export async function fileOf(db: DbOrTx, actor: Actor, id: number) {
  const [row] = await db
    .select({ file: driveFiles, current: driveFileVersions })
    .from(driveFiles)
    .innerJoin(driveFileVersions, isCurrentVersion)
    .where(and(eq(driveFiles.id, id), eq(driveFiles.userId, actor.userId)));
  if (!row) throw notFound('drive:errors.file_not_found');
  return row;
}

/** A file as the API shows it, read anew (after a change). */
export async function freshFile(db: DbOrTx, actor: Actor, id: number) {
  const { file, current } = await fileOf(db, actor, id);
  return presentFile(file, current, await versionCount(db, file));
}

async function versionCount(db: DbOrTx, file: DriveFileRow) {
  const [row] = await db
    .select({ n: count() })
    .from(driveFileVersions)
    .where(eq(driveFileVersions.fileId, file.id));
  return row?.n ?? 0;
}
