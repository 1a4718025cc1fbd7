import { endpoint } from '../endpoint';
import type { emptyResource } from '../common';
import type {
  convertCsvQuery,
  driveCapacity,
  driveDownloadQuery,
  driveFileList,
  driveFileResource,
  driveListQuery,
  driveUploadResult,
  driveVersionList,
  renameDriveFileBody,
} from '../drive';

/** The drive's routes (spec 7.15), under /api/v2/core. */
export const driveEndpoints = {
  list: endpoint('GET', 'core/drive/files').of<{
    query: typeof driveListQuery;
    response: typeof driveFileList;
  }>(),
  get: endpoint('GET', 'core/drive/:id').of<{ response: typeof driveFileResource }>(),
  upload: endpoint('POST', 'core/drive/upload/file').of<{
    body: 'form';
    response: typeof driveUploadResult;
  }>(),
  rename: endpoint('PUT', 'core/drive/files/:id').of<{
    body: typeof renameDriveFileBody;
    response: typeof driveFileResource;
  }>(),
  /** Only an archived file. */
  remove: endpoint('DELETE', 'core/drive/files/:id').of<{ response: typeof emptyResource }>(),
  archive: endpoint('POST', 'core/files/:id/archive').of<{ response: typeof driveFileResource }>(),
  restore: endpoint('POST', 'core/files/:id/restore').of<{ response: typeof driveFileResource }>(),
  convertCsv: endpoint('POST', 'core/files/convert-csv').of<{
    query: typeof convertCsvQuery;
    body: 'form';
    response: 'file';
  }>(),
  capacity: endpoint('GET', 'core/drive/user-capacity').of<{ response: typeof driveCapacity }>(),
  download: endpoint('GET', 'core/drive/files/:id/download').of<{
    query: typeof driveDownloadQuery;
    response: 'file';
  }>(),
  thumbnail: endpoint('GET', 'core/drive/files/:id/thumbnail').of<{ response: 'file' }>(),
  versions: endpoint('GET', 'core/drive/files/:id/versions').of<{
    response: typeof driveVersionList;
  }>(),
  /** Replaces the file (multipart `files`, one file); the older version is kept. */
  replace: endpoint('POST', 'core/drive/files/:id/versions').of<{
    body: 'form';
    response: typeof driveFileResource;
  }>(),
  downloadVersion: endpoint('GET', 'core/drive/files/:id/versions/:version/download').of<{
    response: 'file';
  }>(),
  restoreVersion: endpoint('POST', 'core/drive/files/:id/versions/:version/restore').of<{
    response: typeof driveFileResource;
  }>(),
};
