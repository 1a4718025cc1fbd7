import type { DriveFile, DriveListQuery } from '@contracts/drive';
import { driveEndpoints } from '@contracts/endpoints/drive';
import { api } from '@/lib/http';
import { filesForm, uploadOptions, type UploadOptions } from '@/lib/uploads';

/** `files/convert-csv` reads one part named `file`. */
function oneFileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

export type { DriveCapacity, DriveFile, DriveFileStatus, DriveFileVersion } from '@contracts/drive';

/** What a list shows: which files, in which order, matching which words (paging aside). */
export type DriveListView = Required<Pick<DriveListQuery, 'status' | 'sort' | 'direction'>> & {
  q: string;
};

/** Query keys of the drive, one helper so every change refreshes the same ones. */
export const driveKeys = {
  all: ['drive'] as const,
  lists: ['drive', 'list'] as const,
  list: (view: DriveListView) => ['drive', 'list', view] as const,
  capacity: ['drive', 'capacity'] as const,
  versions: (id: number) => ['drive', 'versions', id] as const,
  thumbnail: (id: number, updatedAt: string) => ['drive', 'thumbnail', id, updatedAt] as const,
};

export const DRIVE_PAGE_SIZE = 30;

const withFile = (r: { file: DriveFile }) => r.file;

export const driveApi = {
  list: (view: DriveListView, page: number) =>
    api
      .call(driveEndpoints.list, {
        query: { ...view, q: view.q || undefined, page, per_page: DRIVE_PAGE_SIZE },
      })
      .then((r) => r.files),
  upload: (file: File, options: UploadOptions) =>
    api
      .call(driveEndpoints.upload, { body: filesForm([file]) }, uploadOptions(options))
      .then((r) => r.files),
  rename: (id: number, name: string) =>
    api
      .call(driveEndpoints.rename, { params: { id }, body: { name } }, { hideMessages: true })
      .then(withFile),
  archive: (id: number) => api.call(driveEndpoints.archive, { params: { id } }).then(withFile),
  restore: (id: number) => api.call(driveEndpoints.restore, { params: { id } }).then(withFile),
  remove: (id: number) => api.call(driveEndpoints.remove, { params: { id } }),
  /** A CSV as a workbook, or a workbook's first sheet as CSV (the file is sent, not stored). */
  convert: (file: File, to: 'xlsx' | 'csv') =>
    api.download(driveEndpoints.convertCsv, { query: { to }, body: oneFileForm(file) }),
  capacity: () => api.call(driveEndpoints.capacity),
  download: (id: number) => api.download(driveEndpoints.download, { params: { id } }),
  /** The thumbnail as a blob: the route needs the bearer header, so no plain image link. */
  thumbnail: async (id: number) =>
    (await api.download(driveEndpoints.thumbnail, { params: { id } }, { hideMessages: true })).blob,
  versions: (id: number) =>
    api.call(driveEndpoints.versions, { params: { id } }).then((r) => r.versions),
  replace: (id: number, file: File, options: UploadOptions) =>
    api
      .call(
        driveEndpoints.replace,
        { params: { id }, body: filesForm([file]) },
        uploadOptions(options),
      )
      .then(withFile),
  downloadVersion: (id: number, version: number) =>
    api.download(driveEndpoints.downloadVersion, { params: { id, version } }),
  restoreVersion: (id: number, version: number) =>
    api.call(driveEndpoints.restoreVersion, { params: { id, version } }).then(withFile),
};
