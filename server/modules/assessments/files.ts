import type { FastifyRequest } from 'fastify';
import { envelope, idParam } from '@contracts/common';
import { assessmentFileList, evaluableFileParams } from '@contracts/assessments';
import type { AppDeps } from '../../context';
import { ok } from '../../http/envelope';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { namedDisposition } from '../../http/content-disposition';
import { receiveUploads } from '../../storage/uploads';
import { actorOf } from '../../core/workspace-access';
import { workUploads } from '../tasks';
import type { AnswerFilesSource } from './operations/answer-files';
import { attachAnswerFiles } from './operations/attach-answer-files';
import { editAnswerFile } from './operations/edit-answer-file';
import { listAnswerFiles } from './operations/list-answer-files';
import { readAnswerFile } from './operations/read-answer-file';

const tags = ['assessments'];
const multipart = { consumes: ['multipart/form-data'] };

/** The request's multipart body, read when the operation asks for it. */
const uploadOf =
  (request: FastifyRequest, deps: AppDeps): AnswerFilesSource =>
  async (maxFiles) =>
    receiveUploads(
      request,
      await workUploads(deps, actorOf(request).userId, 'assessments', maxFiles),
    );

/** Files on answers (operations/answer-files.ts): HTTP over their operations. */
export default async function fileRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  route.get(
    '/evaluables/:id/files',
    { summary: 'Files on the answers for one person', params: idParam, answer: assessmentFileList },
    async (actor, request) => ({ files: await listAnswerFiles(deps, actor, request.params.id) }),
  );

  app.post(
    '/evaluables/:id/files',
    {
      schema: {
        tags,
        summary: 'Attach files (field files) to the answers for one person, multipart',
        params: idParam,
        ...multipart,
        response: { 200: envelope(assessmentFileList) },
      },
    },
    async (request) => {
      const files = await attachAnswerFiles(deps, actorOf(request), {
        evaluableId: request.params.id,
        receive: uploadOf(request, deps),
      });
      return ok({ files }, 'tasks:messages.files_saved');
    },
  );

  app.get(
    '/evaluables/:id/files/:file',
    { schema: { tags, summary: 'Download one file on answers', params: evaluableFileParams } },
    async (request, reply) => {
      const { file, content } = await readAnswerFile(deps, actorOf(request), {
        evaluableId: request.params.id,
        fileId: request.params.file,
      });
      return reply
        .type(file.mimeType)
        .header('content-length', file.size)
        .header('content-disposition', namedDisposition(file.name))
        .send(content);
    },
  );

  app.put(
    '/edit-file/:id',
    {
      schema: {
        tags,
        summary: 'Replace a file on answers (field file) and/or rename it (field name), multipart',
        params: idParam,
        ...multipart,
        response: { 200: envelope(assessmentFileList) },
      },
    },
    async (request) => {
      const files = await editAnswerFile(deps, actorOf(request), {
        fileId: request.params.id,
        receive: uploadOf(request, deps),
      });
      return ok({ files }, 'tasks:messages.files_saved');
    },
  );
}
