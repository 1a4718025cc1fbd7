import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelope, idParam } from '@contracts/common';
import {
  convertCsvQuery,
  driveCapacity,
  driveDownloadQuery,
  driveFileList,
  driveFileResource,
  driveListQuery,
  driveUploadResult,
  driveVersionList,
  driveVersionParams,
  DRIVE_UPLOAD_MAX_FILES,
  renameDriveFileBody,
} from '@contracts/drive';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import {
  AppError,
  payloadTooLarge,
  unsupportedMediaType,
  validationFailed,
} from '../../http/errors';
import { answerAs, operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { namedDisposition } from '../../http/content-disposition';
import { storageFor } from '../../storage';
import { INLINE_TYPES } from '../../storage/file-types';
import { receiveUploads, sizeLabel, type UploadMessages } from '../../storage/uploads';
import { archiveFile, restoreFile } from './operations/archive-file';
import { OVER_CAPACITY_MESSAGE, showCapacity } from './operations/capacity';
import { convertCsv } from './operations/convert-csv';
import { deleteFile, emptyTrash } from './operations/delete-file';
import { downloadFile, thumbnailOf, type DriveDownload } from './operations/download-file';
import { freshFile } from './operations/file-of';
import { listFiles } from './operations/list-files';
import { makeThumbnail } from './operations/make-thumbnail';
import { renameFile } from './operations/rename-file';
import { uploadFiles, type CappedFormSource } from './operations/upload-files';
import { listVersions, replaceFile, restoreVersion } from './operations/versions';

const tags = ['drive'];
const multipart = { consumes: ['multipart/form-data'] };
const HOUR_MS = 3_600_000;
/** Files larger than this are fetched from S3 directly (a short-lived signed address). */
const REDIRECT_ABOVE_BYTES = 8 * 1_048_576;

/** The words of an upload's refusals (drive namespace); `{{left}}` says what capacity is left. */
const DRIVE_UPLOAD_MESSAGES: UploadMessages & { overCapacity: string } = {
  notMultipart: 'drive:upload.not_multipart',
  tooLarge: 'drive:upload.too_large',
  tooMany: 'drive:upload.too_many',
  unsupportedType: 'drive:upload.malformed',
  malformed: 'drive:upload.malformed',
  overCapacity: OVER_CAPACITY_MESSAGE,
};

/** The drive (spec 7.15) under /core: HTTP over the drive's operations. */
export default async function driveRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);
  const storage = storageFor(deps.config);

  deps.jobs.on('drive.version_stored', 'thumbnail', (event) => makeThumbnail(deps, event));
  app.addHook(
    'onReady',
    deps.jobs.every('drive_trash', HOUR_MS, () => emptyTrash(deps)),
  );

  /** Reads the request's form within the capacity left, `maxFiles` files at most. */
  const formOf =
    (request: FastifyRequest, maxFiles: number): CappedFormSource =>
    ({ maxTotalBytes }) =>
      receiveUploads(request, {
        storage,
        folder: 'drive',
        maxFileBytes: deps.config.UPLOAD_LIMIT_BYTES,
        maxFiles,
        sniff: true,
        maxTotalBytes,
        messages: DRIVE_UPLOAD_MESSAGES,
      });

  /** Serves stored bytes as a download; raster images (as sniffed) inline when asked. */
  async function send(reply: FastifyReply, file: DriveDownload, inline: boolean) {
    const disposition = inline && INLINE_TYPES.has(file.mimeType) ? 'inline' : 'attachment';
    if (storage.downloadUrl && file.size > REDIRECT_ABOVE_BYTES && disposition === 'attachment') {
      const url = await storage.downloadUrl(file.key, {
        filename: file.name,
        contentType: file.mimeType,
      });
      return reply.header('cache-control', 'private, no-store').redirect(url, 302);
    }
    return reply
      .type(file.mimeType)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', namedDisposition(file.name, disposition))
      .send(storage.read(file.key));
  }

  route.get(
    '/drive/files',
    {
      summary: 'A page of the caller’s current or archived files',
      querystring: driveListQuery,
      answer: driveFileList,
    },
    (actor, request) => listFiles(deps, actor, request.query),
  );

  route.get(
    '/drive/user-capacity',
    {
      summary: 'Bytes the caller’s files take (drive, tasks, assessments, chats) and may take',
      answer: driveCapacity,
    },
    (actor) => showCapacity(deps, actor),
  );

  route.get(
    '/drive/:id',
    { summary: 'One of the caller’s files', params: idParam, answer: driveFileResource },
    async (actor, request) => ({ file: await freshFile(deps.db, actor, request.params.id) }),
  );

  app.post(
    '/drive/upload/file',
    {
      schema: {
        tags,
        summary: `Uploads one or several files (multipart \`files\`, up to ${DRIVE_UPLOAD_MAX_FILES})`,
        ...multipart,
        response: { 201: envelope(driveUploadResult) },
      },
    },
    async (request, reply) => {
      const files = await uploadFiles(
        deps,
        actorOf(request),
        formOf(request, DRIVE_UPLOAD_MAX_FILES),
      );
      return reply.status(201).send(ok({ files }, 'drive:messages.uploaded'));
    },
  );

  route.put(
    '/drive/files/:id',
    {
      summary: 'Renames one of the caller’s files',
      params: idParam,
      body: renameDriveFileBody,
      answer: driveFileResource,
      message: 'drive:messages.renamed',
    },
    (actor, request) =>
      answerAs(
        'file',
        renameFile(deps, actor, {
          id: request.params.id,
          name: request.body.name,
        }),
      ),
  );

  route.delete(
    '/drive/files/:id',
    {
      summary: 'Deletes an archived file for good (a current one is archived first)',
      params: idParam,
      message: 'drive:messages.deleted',
    },
    (actor, request) => deleteFile(deps, actor, request.params.id),
  );

  route.post(
    '/files/:id/archive',
    {
      summary: 'Moves a current file to the archive',
      params: idParam,
      answer: driveFileResource,
      message: 'drive:messages.archived',
    },
    (actor, request) => answerAs('file', archiveFile(deps, actor, request.params.id)),
  );

  route.post(
    '/files/:id/restore',
    {
      summary: 'Moves an archived file back to the current list',
      params: idParam,
      answer: driveFileResource,
      message: 'drive:messages.restored',
    },
    (actor, request) => answerAs('file', restoreFile(deps, actor, request.params.id)),
  );

  app.post(
    '/files/convert-csv',
    {
      schema: {
        tags,
        summary: 'Converts a CSV to a workbook (?to=xlsx) or a workbook’s first sheet to CSV',
        ...multipart,
        querystring: convertCsvQuery,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const upload = await readOneFile(request, deps.config.UPLOAD_LIMIT_BYTES);
      const converted = await convertCsv(actor, { ...upload, to: request.query.to });
      return reply
        .type(converted.mimeType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', namedDisposition(converted.name))
        .send(converted.bytes);
    },
  );

  app.get(
    '/drive/files/:id/download',
    {
      schema: {
        tags,
        summary: 'The bytes of a file’s current version (images inline with ?inline=true)',
        params: idParam,
        querystring: driveDownloadQuery,
      },
    },
    async (request, reply) => {
      const file = await downloadFile(deps, actorOf(request), { id: request.params.id });
      return send(reply, file, request.query.inline === 'true');
    },
  );

  app.get(
    '/drive/files/:id/thumbnail',
    {
      schema: { tags, summary: 'The PNG preview of a file, once made', params: idParam },
    },
    async (request, reply) => {
      const key = await thumbnailOf(deps, actorOf(request), request.params.id);
      return reply
        .type('image/png')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(storage.read(key));
    },
  );

  route.get(
    '/drive/files/:id/versions',
    {
      summary: 'Every kept version of a file, oldest first',
      params: idParam,
      answer: driveVersionList,
    },
    async (actor, request) => ({ versions: await listVersions(deps, actor, request.params.id) }),
  );

  app.post(
    '/drive/files/:id/versions',
    {
      schema: {
        tags,
        summary: 'Replaces a file with one uploaded file; the older versions are kept',
        ...multipart,
        params: idParam,
        response: { 201: envelope(driveFileResource) },
      },
    },
    async (request, reply) => {
      const file = await replaceFile(deps, actorOf(request), request.params.id, formOf(request, 1));
      return reply.status(201).send(ok({ file }, 'drive:messages.replaced'));
    },
  );

  app.get(
    '/drive/files/:id/versions/:version/download',
    {
      schema: { tags, summary: 'The bytes of one kept version', params: driveVersionParams },
    },
    async (request, reply) => {
      const file = await downloadFile(deps, actorOf(request), request.params);
      return send(reply, file, false);
    },
  );

  route.post(
    '/drive/files/:id/versions/:version/restore',
    {
      summary: 'Makes a kept version the current one again',
      params: driveVersionParams,
      answer: driveFileResource,
      message: 'drive:messages.version_restored',
    },
    (actor, request) => answerAs('file', restoreVersion(deps, actor, request.params)),
  );
}

/** The one file part of a form (`file`, or `files` as uploads name it), read into memory. */
async function readOneFile(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw unsupportedMediaType('drive:upload.not_multipart');
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    throw validationFailed({ file: 'drive:convert.file_required' });
  }
  if (!part || !['file', 'files'].includes(part.fieldname)) {
    part?.file.resume();
    throw validationFailed({ file: 'drive:convert.file_required' });
  }
  try {
    return { bytes: await part.toBuffer(), name: part.filename };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw payloadTooLarge('drive:upload.too_large', { limit: sizeLabel(maxBytes) });
    }
    throw validationFailed({ file: 'drive:convert.unreadable' });
  }
}
