import { z } from 'zod';
import { MAX_PER_PAGE, paged, rowIdText } from './common';

/**
 * The drive (spec 3 "Drive file", 4 "Drive files", 5 pagination, 7.15): each person's files,
 * current or archived, with versions, previews and a capacity that every stored file of theirs
 * counts against (drive, task hand-ins and attachments, assessment answers, chat files).
 * Routes under /api/v2/core; docs/decisions/drive.md.
 */
export const DRIVE_FILE_STATUSES = ['current', 'archived'] as const;
export type DriveFileStatus = (typeof DRIVE_FILE_STATUSES)[number];

/** Archived files are removed for good (rows and bytes) this many days after archiving. */
export const DRIVE_TRASH_DAYS = 30;
/** The longest file name kept (the rest is cut, the extension kept). */
export const DRIVE_NAME_MAX = 255;
/** How many files one upload may carry. */
export const DRIVE_UPLOAD_MAX_FILES = 20;

export const DRIVE_SORTS = ['updated_at', 'name', 'size'] as const;

export const driveFileVersion = z.object({
  id: z.number().int(),
  /** 1 for the first upload, then counting up with each replacement. */
  number: z.number().int(),
  size: z.number().int(),
  mime_type: z.string(),
  created_at: z.string(),
  /** The version the file shows now. */
  current: z.boolean(),
  download_url: z.string(),
});
export type DriveFileVersion = z.infer<typeof driveFileVersion>;

export const driveFile = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(DRIVE_FILE_STATUSES),
  /** Sniffed from the bytes when stored, never taken from the name. */
  mime_type: z.string(),
  /** Bytes of the current version. */
  size: z.number().int(),
  /** How many versions are kept (1 when never replaced). */
  versions: z.number().int(),
  /** A thumbnail once the preview job made one (images and PDFs), else null. */
  thumbnail_url: z.string().nullable(),
  download_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  archived_at: z.string().nullable(),
  /** When an archived file goes for good. */
  removed_at: z.string().nullable(),
});
export type DriveFile = z.infer<typeof driveFile>;

export const driveListQuery = z.object({
  status: z.enum(DRIVE_FILE_STATUSES).default('current'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(30),
  sort: z.enum(DRIVE_SORTS).default('updated_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  /** Part of a file name. */
  q: z.string().trim().max(100).optional(),
});
export type DriveListQuery = z.input<typeof driveListQuery>;

/** `resource.files.data`, paged until a page is empty (spec 5). */
export const driveFileList = z.object({ files: paged(driveFile) });
export const driveFileResource = z.object({ file: driveFile });
export const driveUploadResult = z.object({ files: z.array(driveFile) });
export const driveVersionList = z.object({ versions: z.array(driveFileVersion) });

export const renameDriveFileBody = z.object({
  name: z.string().trim().min(1).max(DRIVE_NAME_MAX),
});

export const driveVersionParams = z.object({ id: rowIdText, version: rowIdText });

/** Bytes used and allowed; `left` is never below 0. */
export const driveCapacity = z.object({
  used: z.number().int(),
  total: z.number().int(),
  left: z.number().int(),
  /** Where the bytes are: the drive itself and the files attached elsewhere. */
  by_area: z.object({
    drive: z.number().int(),
    tasks: z.number().int(),
    assessments: z.number().int(),
    chats: z.number().int(),
  }),
});
export type DriveCapacity = z.infer<typeof driveCapacity>;

/** A download: `inline=true` shows a raster image (as sniffed) in the page; anything else downloads. */
export const driveDownloadQuery = z.object({
  inline: z.enum(['true', 'false']).optional(),
});

/** `files/convert-csv`: which way to convert (CSV to a workbook, or a workbook's first sheet to CSV). */
export const convertCsvQuery = z.object({
  to: z.enum(['xlsx', 'csv']).default('xlsx'),
});
