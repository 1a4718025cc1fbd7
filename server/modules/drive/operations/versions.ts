import { and, asc, eq, max } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { driveFiles, driveFileVersions } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { recordEvent } from '../../../jobs';
import { presentVersion } from '../present';
import type { DriveDeps } from './deps';
import { fileOf, freshFile } from './file-of';
import { holdCapacity } from './capacity';
import { withinCapacity, type CappedFormSource } from './upload-files';

/** Every kept version of one of the actor's files, oldest first. */
export async function listVersions(deps: Pick<DriveDeps, 'db'>, actor: Actor, id: number) {
  const { file } = await fileOf(deps.db, actor, id);
  const versions = await deps.db
    .select()
    .from(driveFileVersions)
    .where(eq(driveFileVersions.fileId, file.id))
    .orderBy(asc(driveFileVersions.number));
  return versions.map((version) => presentVersion(file, version));
}

/**
 * Replaces a file's bytes with one uploaded file: a new version with the next number becomes
 * the current one, and the older versions are kept (they count against the capacity).
 */
export async function replaceFile(
  deps: DriveDeps,
  actor: Actor,
  id: number,
  receive: CappedFormSource,
) {
  const { file } = await fileOf(deps.db, actor, id);
  await withinCapacity(deps, actor, receive, async (form) => {
    const [upload] = form.files;
    await deps.db.transaction(async (tx) => {
      await holdCapacity(tx, deps.config, actor.userId, upload.size);
      const [last] = await tx
        .select({ number: max(driveFileVersions.number) })
        .from(driveFileVersions)
        .where(eq(driveFileVersions.fileId, file.id));
      const number = (last?.number ?? 0) + 1;
      const [version] = await tx
        .insert(driveFileVersions)
        .values({
          fileId: file.id,
          number,
          storageKey: upload.key,
          mimeType: upload.mimeType,
          size: upload.size,
        })
        .returning({ id: driveFileVersions.id });
      await tx
        .update(driveFiles)
        .set({ currentVersion: number, updatedAt: new Date() })
        .where(eq(driveFiles.id, file.id));
      await recordEvent(tx, 'drive.version_stored', { version_id: version.id });
    });
  });
  return freshFile(deps.db, actor, file.id);
}

/** One kept version of one of the actor's files. */
export async function versionOf(
  deps: Pick<DriveDeps, 'db'>,
  actor: Actor,
  input: { id: number; version: number },
) {
  const { file } = await fileOf(deps.db, actor, input.id);
  const [version] = await deps.db
    .select()
    .from(driveFileVersions)
    .where(and(eq(driveFileVersions.fileId, file.id), eq(driveFileVersions.number, input.version)));
  if (!version) throw notFound('drive:errors.version_not_found');
  return { file, version };
}

/**
 * Makes a kept version the current one again: the pointer moves to it (no copy, no new
 * number), and every version stays, so restoring another one later still works.
 */
export async function restoreVersion(
  deps: Pick<DriveDeps, 'db'>,
  actor: Actor,
  input: { id: number; version: number },
) {
  const { file, version } = await versionOf(deps, actor, input);
  await deps.db
    .update(driveFiles)
    .set({ currentVersion: version.number, updatedAt: new Date() })
    .where(eq(driveFiles.id, file.id));
  return freshFile(deps.db, actor, file.id);
}
