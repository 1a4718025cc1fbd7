import { asc, eq } from 'drizzle-orm';
import type { AccountDeletion, ExportSection, FileReferences } from '../../core/area';
import type { DbOrTx } from '../../db/client';
import { driveFiles, driveFileVersions } from '../../db/schema';

/** A person's drive: each file with its versions (what they are; storage keys are ours). */
export const exportSections: ExportSection[] = [
  {
    name: 'drive',
    tables: [driveFiles, driveFileVersions],
    read: async (db, userId) => {
      const rows = await db
        .select({ file: driveFiles, version: driveFileVersions })
        .from(driveFiles)
        .innerJoin(driveFileVersions, eq(driveFileVersions.fileId, driveFiles.id))
        .where(eq(driveFiles.userId, userId))
        .orderBy(asc(driveFiles.id), asc(driveFileVersions.number));
      const files = new Map<number, Record<string, unknown> & { versions: unknown[] }>();
      for (const { file, version } of rows) {
        const entry = files.get(file.id) ?? {
          id: file.id,
          name: file.name,
          status: file.status,
          current_version: file.currentVersion,
          created_at: file.createdAt,
          archived_at: file.archivedAt,
          versions: [],
        };
        entry.versions.push({
          number: version.number,
          mime_type: version.mimeType,
          size: version.size,
          created_at: version.createdAt,
        });
        files.set(file.id, entry);
      }
      return [...files.values()];
    },
  },
];

/** A drive is its owner's alone: its files and versions go with the account. */
export const accountDeletion: AccountDeletion = {
  erases: [driveFiles, driveFileVersions],
  keeps: [],
  async erase(tx, userId) {
    // Versions go with their file (on delete cascade).
    await tx.delete(driveFiles).where(eq(driveFiles.userId, userId));
  },
};

const keysOf = (rows: { key: string; thumbnail: string | null }[]) =>
  rows.flatMap((row) => (row.thumbnail ? [row.key, row.thumbnail] : [row.key]));

function versionKeys(db: DbOrTx) {
  return db
    .select({ key: driveFileVersions.storageKey, thumbnail: driveFileVersions.thumbnailKey })
    .from(driveFileVersions);
}

/** `drive_file_versions.storage_key` and `.thumbnail_key`: every version's bytes and preview. */
export const files: FileReferences = {
  columns: [driveFileVersions.storageKey, driveFileVersions.thumbnailKey],
  all: async (db) => keysOf(await versionKeys(db)),
  ofPerson: async (db, userId) =>
    keysOf(
      await versionKeys(db)
        .innerJoin(driveFiles, eq(driveFiles.id, driveFileVersions.fileId))
        .where(eq(driveFiles.userId, userId)),
    ),
};
