import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelope, idParam } from '@contracts/common';
import {
  candidateFileParams,
  candidatesFromProfilesBody,
  candidatesFromProfilesResult,
  changeJobStatusBody,
  CV_UPLOAD_MAX_FILES,
  cvUploadResult,
  jobCandidateList,
  jobCandidateResource,
  jobCandidatesQuery,
  jobList,
  jobListQuery,
  jobResource,
  jobSkillBody,
  jobSkillParams,
  publicApplyResult,
  publicPositionResource,
  RECRUIT_FILE_MAX_BYTES,
  renameStagesBody,
  scorecardBody,
  scorecardResult,
  screeningQuery,
  screeningResource,
  talentPoolList,
  talentPoolQuery,
  updateJobBody,
  updateJobCandidateBody,
} from '@contracts/recruit';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../http/errors';
import { refuseUnstorableInput } from '../../http/storable-input';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { namedDisposition } from '../../http/content-disposition';
import { storageFor } from '../../storage';
import { sizeLabel } from '../../storage/uploads';
import { registerRecruitMails } from './mails';
import { addCvCandidates } from './operations/add-cv-candidates';
import { addProfileCandidates } from './operations/add-profile-candidates';
import type { DocumentForm } from './operations/documents';
import { downloadCandidateFile } from './operations/download-candidate-file';
import {
  changeJobStatus,
  removeJobSkill,
  renameStages,
  setJobSkill,
  updateJob,
} from './operations/edit-job';
import { listJobCandidates, screenCandidates } from './operations/list-job-candidates';
import { listJobs, showJob } from './operations/list-jobs';
import { applyToPosition, showPublicPosition } from './operations/public-position';
import { showJobCandidate } from './operations/show-job-candidate';
import { jobTalentPool, workspaceTalentPool } from './operations/talent-pool';
import { submitScorecard, updateJobCandidate } from './operations/update-job-candidate';
import { uploadJobDescription } from './operations/upload-job-description';

const tags = ['recruit'];
const multipart = { consumes: ['multipart/form-data'] };
/** Applications from one address: a person applies a few times, a script many. */
const APPLY_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 };
/** All files of one form together: they are read into memory before they are stored. */
const FORM_MAX_BYTES = 50 * 1_048_576;

/**
 * A multipart form read whole: its text fields and the files of `fileField` (CVs and job
 * descriptions are small and read at once). Refusals: 415 not multipart, 413 too large or too
 * many, 400 a broken body or a file under another name.
 */
async function readDocuments(
  request: FastifyRequest,
  options: { fileField: string; maxFiles: number },
): Promise<DocumentForm> {
  if (!request.isMultipart()) throw unsupportedMediaType('recruit:errors.not_multipart');
  const form: DocumentForm = { fields: {}, files: [] };
  let total = 0;
  try {
    for await (const part of request.parts({
      limits: { fileSize: RECRUIT_FILE_MAX_BYTES, files: options.maxFiles + 1, fields: 20 },
    })) {
      refuseUnstorableInput({ body: part.fieldname });
      if (part.type === 'field') {
        if (part.valueTruncated)
          throw payloadTooLarge('recruit:errors.too_large', { limit: '1 MB' });
        refuseUnstorableInput({ [part.fieldname]: part.value });
        if (part.fieldname in form.fields) throw badRequest('recruit:errors.malformed');
        form.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== options.fileField) {
        part.file.resume();
        throw badRequest('recruit:errors.malformed');
      }
      refuseUnstorableInput({ name: part.filename });
      const bytes = await part.toBuffer();
      total += bytes.length;
      if (total > FORM_MAX_BYTES) {
        throw payloadTooLarge('recruit:errors.form_too_large', {
          limit: sizeLabel(FORM_MAX_BYTES),
        });
      }
      form.files.push({ name: part.filename.trim().slice(0, 200) || 'file', bytes });
      if (form.files.length > options.maxFiles) {
        throw payloadTooLarge('recruit:errors.too_many', { max: options.maxFiles });
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code = '', syscall } = error as { code?: string; syscall?: string };
    if (syscall) throw error;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw payloadTooLarge('recruit:errors.too_large', {
        limit: sizeLabel(RECRUIT_FILE_MAX_BYTES),
      });
    }
    if (['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT'].includes(code)) {
      throw payloadTooLarge('recruit:errors.too_many', { max: options.maxFiles });
    }
    throw badRequest('recruit:errors.malformed');
  }
  return form;
}

/** Recruiting (spec 7.7) under /recruit: HTTP over the recruit operations. */
export default async function recruitRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);
  const storage = storageFor(deps.config);
  registerRecruitMails(deps);

  async function send(
    reply: FastifyReply,
    file: Awaited<ReturnType<typeof downloadCandidateFile>>,
  ) {
    return reply
      .type(file.mimeType)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', namedDisposition(file.name))
      .send(storage.read(file.key));
  }

  route.get(
    '/workspaces/:id/jobs',
    {
      summary: 'A page of a recruit workspace’s jobs',
      params: idParam,
      querystring: jobListQuery,
      answer: jobList,
    },
    (actor, request) =>
      listJobs(deps, actor, {
        workspaceId: request.params.id,
        query: request.query,
        lang: request.lang,
      }),
  );

  app.post(
    '/workspaces/:id/jobs/upload-jd',
    {
      schema: {
        tags,
        summary:
          'Creates a job from its description (multipart `file`: PDF, DOCX or text; or `text`)',
        ...multipart,
        params: idParam,
        response: { 201: envelope(jobResource) },
      },
    },
    async (request, reply) => {
      const result = await uploadJobDescription(deps, actorOf(request), {
        workspaceId: request.params.id,
        lang: request.lang,
        receive: () => readDocuments(request, { fileField: 'file', maxFiles: 1 }),
      });
      return reply.status(201).send(ok(result, 'recruit:notices.job_created'));
    },
  );

  route.get(
    '/workspaces/:id/talent-pool',
    {
      summary: 'Everyone who ever applied to the workspace, searchable by skill and tag',
      params: idParam,
      querystring: talentPoolQuery,
      answer: talentPoolList,
    },
    (actor, request) =>
      workspaceTalentPool(deps, actor, {
        workspaceId: request.params.id,
        query: request.query,
        lang: request.lang,
      }),
  );

  route.get(
    '/jobs/:id',
    { summary: 'One job', params: idParam, answer: jobResource },
    (actor, request) => showJob(deps, actor, { jobId: request.params.id, lang: request.lang }),
  );

  route.put(
    '/jobs/:id',
    {
      summary: 'Edits a job’s title, text, knockout questions or scorecard criteria',
      params: idParam,
      body: updateJobBody,
      answer: jobResource,
      message: 'recruit:notices.job_saved',
    },
    (actor, request) =>
      updateJob(deps, actor, {
        jobId: request.params.id,
        lang: request.lang,
        body: request.body,
      }),
  );

  app.post(
    '/jobs/:id/change-status',
    {
      schema: {
        tags,
        summary: 'Opens or closes a job (closing sets closed_at to today, reopening clears it)',
        params: idParam,
        body: changeJobStatusBody,
        response: { 200: envelope(jobResource) },
      },
    },
    async (request) =>
      ok(
        await changeJobStatus(deps, actorOf(request), {
          jobId: request.params.id,
          lang: request.lang,
          body: request.body,
        }),
        request.body.status === 'closed'
          ? 'recruit:notices.job_closed'
          : 'recruit:notices.job_reopened',
      ),
  );

  route.put(
    '/jobs/:id/skills/:skill',
    {
      summary: 'Adds a skill to a job or changes its weight (0-100) and whether it is required',
      params: jobSkillParams,
      body: jobSkillBody,
      answer: jobResource,
    },
    (actor, request) =>
      setJobSkill(deps, actor, {
        jobId: request.params.id,
        skillId: request.params.skill,
        lang: request.lang,
        body: request.body,
      }),
  );

  route.delete(
    '/jobs/:id/skills/:skill',
    { summary: 'Removes a skill from a job', params: jobSkillParams, answer: jobResource },
    (actor, request) =>
      removeJobSkill(deps, actor, {
        jobId: request.params.id,
        skillId: request.params.skill,
        lang: request.lang,
      }),
  );

  route.put(
    '/jobs/:id/stages',
    {
      summary: 'Renames a job’s pipeline stages',
      params: idParam,
      body: renameStagesBody,
      answer: jobResource,
      message: 'recruit:notices.stages_saved',
    },
    (actor, request) =>
      renameStages(deps, actor, {
        jobId: request.params.id,
        lang: request.lang,
        body: request.body,
      }),
  );

  route.get(
    '/jobs/:id/candidates-cv',
    {
      summary: 'The pipeline board: the job’s candidates',
      params: idParam,
      querystring: jobCandidatesQuery,
      answer: jobCandidateList,
    },
    (actor, request) =>
      listJobCandidates(deps, actor, {
        jobId: request.params.id,
        lang: request.lang,
        stage: request.query.stage,
      }),
  );

  app.post(
    '/jobs/:id/candidates-cv',
    {
      schema: {
        tags,
        summary: `Adds candidates from CVs (multipart \`files\`, PDF or DOCX, up to ${CV_UPLOAD_MAX_FILES})`,
        ...multipart,
        params: idParam,
        response: { 201: envelope(cvUploadResult) },
      },
    },
    async (request, reply) => {
      const result = await addCvCandidates(deps, actorOf(request), {
        jobId: request.params.id,
        lang: request.lang,
        receive: () =>
          readDocuments(request, { fileField: 'files', maxFiles: CV_UPLOAD_MAX_FILES }),
      });
      return reply.status(201).send(ok(result, 'recruit:notices.cvs_added'));
    },
  );

  route.post(
    '/jobs/:id/candidates-from-profiles',
    {
      summary: 'Adds Teamloop members (people the caller shares a workspace with) as candidates',
      params: idParam,
      body: candidatesFromProfilesBody,
      answer: candidatesFromProfilesResult,
      status: 201,
      message: 'recruit:notices.candidates_added',
    },
    (actor, request) =>
      addProfileCandidates(deps, actor, {
        jobId: request.params.id,
        lang: request.lang,
        userIds: request.body.user_ids,
      }),
  );

  route.get(
    '/jobs/:id/candidates-screening',
    {
      summary: 'Candidates ranked by weighted skill match, with the evidence of each skill',
      params: idParam,
      querystring: screeningQuery,
      answer: screeningResource,
    },
    (actor, request) =>
      screenCandidates(deps, actor, {
        jobId: request.params.id,
        lang: request.lang,
        includeRejected: request.query.include_rejected === 'true',
      }),
  );

  route.get(
    '/jobs/:id/talent-pool',
    {
      summary: 'The workspace’s people not yet in this job, best match first',
      params: idParam,
      querystring: talentPoolQuery,
      answer: talentPoolList,
    },
    (actor, request) =>
      jobTalentPool(deps, actor, {
        jobId: request.params.id,
        query: request.query,
        lang: request.lang,
      }),
  );

  route.get(
    '/job-candidates/:id',
    {
      summary: 'The candidate page: CVs, history, scorecards',
      params: idParam,
      answer: jobCandidateResource,
    },
    (actor, request) =>
      showJobCandidate(deps, actor, {
        id: request.params.id,
        lang: request.lang,
      }),
  );

  route.put(
    '/job-candidates/:id',
    {
      summary: 'Moves a candidate to a stage, leaves a note, tags the person',
      params: idParam,
      body: updateJobCandidateBody,
      answer: jobCandidateResource,
      message: 'recruit:notices.candidate_saved',
    },
    (actor, request) =>
      updateJobCandidate(deps, actor, {
        id: request.params.id,
        lang: request.lang,
        body: request.body,
      }),
  );

  route.post(
    '/job-candidates/:id/scorecard',
    {
      summary: 'Submits (or replaces) the caller’s scorecard of a candidate',
      params: idParam,
      body: scorecardBody,
      answer: scorecardResult,
      message: 'recruit:notices.scorecard_saved',
    },
    (actor, request) =>
      submitScorecard(deps, actor, {
        id: request.params.id,
        lang: request.lang,
        body: request.body,
      }),
  );

  app.get(
    '/candidate-files/:id/download',
    {
      schema: { tags, summary: 'A candidate’s stored CV', params: candidateFileParams },
    },
    async (request, reply) =>
      send(reply, await downloadCandidateFile(deps, actorOf(request), request.params.id)),
  );

  app.get(
    '/public/positions/:id',
    {
      schema: {
        tags,
        summary: 'The public page of a job (no sign-in)',
        params: idParam,
        response: { 200: envelope(publicPositionResource) },
      },
      config: { public: true },
    },
    async (request) =>
      ok(await showPublicPosition(deps, { jobId: request.params.id, lang: request.lang })),
  );

  app.post(
    '/public/positions/:id/apply',
    {
      schema: {
        tags,
        summary: 'Applies to a job (no sign-in; multipart: name, email, phone, answers, `cv`)',
        ...multipart,
        params: idParam,
        response: { 201: envelope(publicApplyResult) },
      },
      config: {
        public: true,
        rateLimit: { ...APPLY_RATE_LIMIT, keyGenerator: (request: FastifyRequest) => request.ip },
      },
    },
    async (request, reply) => {
      const result = await applyToPosition(deps, {
        jobId: request.params.id,
        lang: request.lang,
        userId: request.auth?.user.id ?? null,
        receive: () => readDocuments(request, { fileField: 'cv', maxFiles: 1 }),
      });
      return reply.status(201).send(ok(result, 'recruit:notices.applied'));
    },
  );
}
