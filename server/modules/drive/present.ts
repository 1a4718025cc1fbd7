import { DRIVE_TRASH_DAYS, type DriveFile, type DriveFileVersion } from '@contracts/drive';
import type { DriveFileRow, DriveFileVersionRow } from '../../db/schema';

export const DRIVE_API = '/api/v2/core/drive/files';
const DAY_MS = 86_400_000;

/** A drive file as the API shows it, with its current version and how many it keeps. */
export function presentFile(
  file: DriveFileRow,
  current: Pick<DriveFileVersionRow, 'mimeType' | 'size' | 'thumbnailKey'>,
  versions: number,
): DriveFile {
  return {
    id: file.id,
    name: file.name,
    status: file.status,
    mime_type: current.mimeType,
    size: current.size,
    versions,
    thumbnail_url: current.thumbnailKey
      ? `${DRIVE_API}/${file.id}/thumbnail?v=${file.currentVersion}`
      : null,
    download_url: `${DRIVE_API}/${file.id}/download`,
    created_at: file.createdAt.toISOString(),
    updated_at: file.updatedAt.toISOString(),
    archived_at: file.archivedAt?.toISOString() ?? null,
    removed_at: file.archivedAt
      ? new Date(file.archivedAt.getTime() + DRIVE_TRASH_DAYS * DAY_MS).toISOString()
      : null,
  };
}

export function presentVersion(file: DriveFileRow, version: DriveFileVersionRow): DriveFileVersion {
  return {
    id: version.id,
    number: version.number,
    size: version.size,
    mime_type: version.mimeType,
    created_at: version.createdAt.toISOString(),
    current: version.number === file.currentVersion,
    download_url: `${DRIVE_API}/${file.id}/versions/${version.number}/download`,
  };
}
