import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DRIVE_FILE_STATUSES } from '../../../contracts/drive';
import { users } from './users';
import { createdAt, parentRef, requiredRef, serialId, timestampTz, timestamps } from './columns';

/**
 * A person's drive file (spec 3 "Drive file"): its name and list, and which of its versions it
 * shows now (`current_version`, a version's `number`: restoring a version moves it).
 */
export const driveFiles = pgTable(
  'drive_files',
  {
    id: serialId(),
    userId: requiredRef('user_id', () => users.id),
    name: text('name').notNull(),
    status: text('status', { enum: DRIVE_FILE_STATUSES }).notNull().default('current'),
    currentVersion: integer('current_version').notNull().default(1),
    archivedAt: timestampTz('archived_at'),
    ...timestamps(),
  },
  (t) => [
    index('drive_files_user_idx').on(t.userId, t.status),
    index('drive_files_archived_idx').on(t.archivedAt),
  ],
);

/** The stored bytes of each version of a drive file, with the preview the job made of it. */
export const driveFileVersions = pgTable(
  'drive_file_versions',
  {
    id: serialId(),
    fileId: parentRef('file_id', () => driveFiles.id),
    number: integer('number').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    thumbnailKey: text('thumbnail_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('drive_file_versions_number_unique').on(t.fileId, t.number),
    uniqueIndex('drive_file_versions_storage_key_unique').on(t.storageKey),
  ],
);

export type DriveFileRow = typeof driveFiles.$inferSelect;
export type DriveFileVersionRow = typeof driveFileVersions.$inferSelect;
