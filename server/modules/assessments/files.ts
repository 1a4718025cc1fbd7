import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { envelope, idParam } from '@contracts/common';
import {
  assessmentFileList,
  editAssessmentFileFields,
  evaluableFileParams,
} from '@contracts/assessments';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  assessmentEvaluables,
  assessmentFiles,
  type AssessmentEvaluableRow,
  type AssessmentFileRow,
} from '../../db/schema';
import { ok } from '../../http/envelope';
import { conflict, forbidden, notFound, validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import { storageFor } from '../../storage';
import { DOCUMENT_TYPES, extensionOf } from '../../storage/file-types';
import { parseFields, receiveUploads } from '../../storage/uploads';
import { loadAssessment, type AssessmentContext } from './load';
import { actorOf } from '../../core/workspace-access';

const tags = ['assessments'];
const multipart = { consumes: ['multipart/form-data'] };
const MAX_FILES_PER_EVALUABLE = 10;

function receive(request: FastifyRequest, deps: AppDeps, maxFiles: number) {
  return receiveUploads(request, {
    storage: storageFor(deps.config),
    folder: 'assessments',
    maxFileBytes: deps.config.UPLOAD_LIMIT_BYTES,
    maxFiles,
    messages: {
      notMultipart: 'tasks:messages.upload_not_multipart',
      tooLarge: 'tasks:messages.upload_too_large',
      tooMany: 'tasks:messages.upload_too_many',
      unsupportedType: 'tasks:messages.upload_type_refused',
      malformed: 'tasks:messages.upload_malformed',
    },
  });
}

const present = (f: AssessmentFileRow) => ({
  id: f.id,
  evaluable_id: f.evaluableId,
  name: f.name,
  mime_type: f.mimeType,
  size: f.size,
  created_at: f.createdAt.toISOString(),
  updated_at: f.updatedAt.toISOString(),
});

const listOf = async (db: DbOrTx, evaluableId: number) =>
  (
    await db
      .select()
      .from(assessmentFiles)
      .where(eq(assessmentFiles.evaluableId, evaluableId))
      .orderBy(asc(assessmentFiles.id))
  ).map(present);

/**
 * Files on answers: the assessor adds and replaces them while their answers are a draft; they
 * read them, and so do owners and admins of a named assessment only (files can say who wrote
 * them, so an anonymous assessment shows them to nobody else). They are in no report.
 */
export default async function fileRoutes(app: App) {
  const { db } = app.deps;

  async function loadEvaluable(
    request: FastifyRequest,
    evaluableId: number,
    need: 'read' | 'write',
  ): Promise<{ ctx: AssessmentContext; evaluable: AssessmentEvaluableRow }> {
    const [evaluable] = await db
      .select()
      .from(assessmentEvaluables)
      .where(eq(assessmentEvaluables.id, evaluableId));
    if (!evaluable) throw notFound('assessments:messages.not_found');
    const ctx = await loadAssessment(db, actorOf(request), evaluable.assessmentId, 'read');
    const own = evaluable.assessorId === ctx.access.userId;
    if (need === 'read' && !own && !(ctx.manager && ctx.assessment.named)) throw forbidden();
    if (need === 'write') {
      if (!own) throw forbidden();
      if (ctx.access.workspace.status === 'archived') {
        throw conflict('workspaces:messages.archived_read_only');
      }
      if (ctx.assessment.status !== 'open') throw conflict('assessments:messages.not_open');
      if (evaluable.status === 'submitted') {
        throw conflict('assessments:messages.already_submitted');
      }
    }
    return { ctx, evaluable };
  }

  app.get(
    '/evaluables/:id/files',
    {
      schema: {
        tags,
        summary: 'Files on the answers for one person',
        params: idParam,
        response: { 200: envelope(assessmentFileList) },
      },
    },
    async (request) => {
      const { evaluable } = await loadEvaluable(request, request.params.id, 'read');
      return ok({ files: await listOf(db, evaluable.id) });
    },
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
      const { evaluable, ctx } = await loadEvaluable(request, request.params.id, 'write');
      const have = (await listOf(db, evaluable.id)).length;
      const form = await receive(request, app.deps, Math.max(MAX_FILES_PER_EVALUABLE - have, 0));
      try {
        if (form.files.length === 0)
          throw validationFailed({ files: 'assessments:messages.no_files' });
        await db.insert(assessmentFiles).values(
          form.files.map((f) => ({
            evaluableId: evaluable.id,
            uploadedBy: ctx.access.userId,
            name: f.name,
            mimeType: f.mimeType,
            size: f.size,
            storageKey: f.key,
          })),
        );
      } catch (error) {
        await form.discard();
        throw error;
      }
      await form.publish();
      return ok({ files: await listOf(db, evaluable.id) }, 'tasks:messages.files_saved');
    },
  );

  app.get(
    '/evaluables/:id/files/:file',
    { schema: { tags, summary: 'Download one file on answers', params: evaluableFileParams } },
    async (request, reply) => {
      const { evaluable } = await loadEvaluable(request, request.params.id, 'read');
      const [file] = await db
        .select()
        .from(assessmentFiles)
        .where(
          and(
            eq(assessmentFiles.id, request.params.file),
            eq(assessmentFiles.evaluableId, evaluable.id),
          ),
        );
      if (!file) throw notFound('tasks:messages.file_not_found');
      return reply
        .type(file.mimeType)
        .header('content-length', file.size)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .send(storageFor(app.deps.config).read(file.storageKey));
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
      const [file] = await db
        .select()
        .from(assessmentFiles)
        .where(eq(assessmentFiles.id, request.params.id));
      if (!file) throw notFound('tasks:messages.file_not_found');
      const { evaluable, ctx } = await loadEvaluable(request, file.evaluableId, 'write');
      const form = await receive(request, app.deps, 1);
      try {
        const fields = parseFields(editAssessmentFileFields, form.fields);
        const replacement = form.files[0];
        const name = fields.name ?? replacement?.name;
        if (!replacement && !name)
          throw validationFailed({ file: 'assessments:messages.no_files' });
        if (
          name &&
          DOCUMENT_TYPES[extensionOf(name)] !== (replacement?.mimeType ?? file.mimeType)
        ) {
          throw validationFailed({ name: 'tasks:messages.name_type_mismatch' });
        }
        await db
          .update(assessmentFiles)
          .set({
            name: name ?? file.name,
            ...(replacement
              ? {
                  storageKey: replacement.key,
                  mimeType: replacement.mimeType,
                  size: replacement.size,
                }
              : {}),
            uploadedBy: ctx.access.userId,
            updatedAt: new Date(),
          })
          .where(eq(assessmentFiles.id, file.id));
      } catch (error) {
        await form.discard();
        throw error;
      }
      await form.publish();
      if (form.files[0]) await storageFor(app.deps.config).remove([file.storageKey]);
      return ok({ files: await listOf(db, evaluable.id) }, 'tasks:messages.files_saved');
    },
  );
}
