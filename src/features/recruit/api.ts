import type {
  Job,
  JobCandidateDetail,
  PublicApplyFields,
  RecruitStage,
  ScorecardBody,
  TalentPoolQuery,
  UpdateJobBody,
  UpdateJobCandidateBody,
} from '@contracts/recruit';
import { recruitEndpoints } from '@contracts/endpoints/recruit';
import { api } from '@/lib/http';
import { filesForm, uploadOptions, type UploadOptions } from '@/lib/uploads';

export type {
  Candidate,
  CandidateFile,
  HistoryEntry,
  Job,
  JobCandidate,
  JobCandidateDetail,
  JobSkill,
  JobStage,
  KnockoutQuestion,
  PublicPosition,
  RecruitStage,
  Scorecard,
  ScorecardVerdict,
  ScreeningRow,
  SkillEvidence,
  TalentPoolEntry,
} from '@contracts/recruit';

/** The pool's search: words, one skill, one tag (paging aside). */
export type PoolSearch = Pick<TalentPoolQuery, 'q' | 'tag'> & { skill_id?: number };

/** Query keys of recruiting, one helper so every change refreshes the same ones. */
export const recruitKeys = {
  all: ['recruit'] as const,
  jobs: (workspaceId: number) => ['recruit', 'jobs', workspaceId] as const,
  job: (id: number) => ['recruit', 'job', id] as const,
  candidates: (jobId: number) => ['recruit', 'job', jobId, 'candidates'] as const,
  screening: (jobId: number, withRejected: boolean) =>
    ['recruit', 'job', jobId, 'screening', withRejected] as const,
  jobPool: (jobId: number, search: PoolSearch) =>
    ['recruit', 'job', jobId, 'pool', search] as const,
  pool: (workspaceId: number, search: PoolSearch) =>
    ['recruit', 'pool', workspaceId, search] as const,
  candidate: (id: number) => ['recruit', 'candidate', id] as const,
  file: (id: number) => ['recruit', 'file', id] as const,
  position: (id: number) => ['recruit', 'position', id] as const,
};

export const POOL_PAGE_SIZE = 30;

const withJob = (r: { job: Job }) => r.job;
const withCandidate = (r: { job_candidate: JobCandidateDetail }) => r.job_candidate;

/** A talent pool search of a job or a workspace (`id`), one page of it. */
const poolRequest = (id: number, search: PoolSearch, page: number) => ({
  params: { id },
  query: {
    q: search.q || undefined,
    tag: search.tag || undefined,
    skill_id: search.skill_id ? String(search.skill_id) : undefined,
    page,
    per_page: POOL_PAGE_SIZE,
  },
});

export const recruitApi = {
  jobs: (workspaceId: number) =>
    api
      .call(recruitEndpoints.jobs, { params: { id: workspaceId }, query: { per_page: 100 } })
      .then((r) => r.jobs),
  /** A job from its description: a file (PDF, DOCX, text) or pasted text. */
  uploadJd: (
    workspaceId: number,
    source: { file?: File; text?: string; title?: string },
    options?: UploadOptions,
  ) => {
    const form = new FormData();
    if (source.title) form.append('title', source.title);
    if (source.text) form.append('text', source.text);
    if (source.file) form.append('file', source.file, source.file.name);
    return api
      .call(
        recruitEndpoints.uploadJd,
        { params: { id: workspaceId }, body: form },
        uploadOptions(options),
      )
      .then(withJob);
  },
  job: (id: number) => api.call(recruitEndpoints.job, { params: { id } }).then(withJob),
  updateJob: (id: number, body: UpdateJobBody) =>
    api
      .call(recruitEndpoints.updateJob, { params: { id }, body }, { hideMessages: true })
      .then(withJob),
  changeStatus: (id: number, status: 'open' | 'closed') =>
    api.call(recruitEndpoints.changeStatus, { params: { id }, body: { status } }).then(withJob),
  setSkill: (id: number, skill: number, weight: number, required: boolean) =>
    api
      .call(
        recruitEndpoints.setSkill,
        { params: { id, skill }, body: { weight, required } },
        { hideMessages: true },
      )
      .then(withJob),
  removeSkill: (id: number, skill: number) =>
    api.call(recruitEndpoints.removeSkill, { params: { id, skill } }).then(withJob),
  renameStages: (id: number, stages: { key: RecruitStage; name: string | null }[]) =>
    api
      .call(
        recruitEndpoints.renameStages,
        { params: { id }, body: { stages } },
        { hideMessages: true },
      )
      .then(withJob),
  candidates: (jobId: number) =>
    api.call(recruitEndpoints.candidates, { params: { id: jobId } }).then((r) => r.job_candidates),
  uploadCvs: (jobId: number, files: File[], options?: UploadOptions) =>
    api.call(
      recruitEndpoints.uploadCvs,
      { params: { id: jobId }, body: filesForm(files) },
      uploadOptions(options),
    ),
  addFromProfiles: (jobId: number, userIds: number[]) =>
    api
      .call(
        recruitEndpoints.addFromProfiles,
        { params: { id: jobId }, body: { user_ids: userIds } },
        { hideMessages: true },
      )
      .then((r) => r.job_candidates),
  screening: (jobId: number, withRejected: boolean) =>
    api
      .call(recruitEndpoints.screening, {
        params: { id: jobId },
        query: { include_rejected: withRejected ? 'true' : 'false' },
      })
      .then((r) => r.rows),
  jobPool: (jobId: number, search: PoolSearch, page = 1) =>
    api
      .call(recruitEndpoints.jobTalentPool, poolRequest(jobId, search, page))
      .then((r) => r.candidates),
  pool: (workspaceId: number, search: PoolSearch, page = 1) =>
    api
      .call(recruitEndpoints.talentPool, poolRequest(workspaceId, search, page))
      .then((r) => r.candidates),
  candidate: (id: number) =>
    api.call(recruitEndpoints.jobCandidate, { params: { id } }).then(withCandidate),
  updateCandidate: (id: number, body: UpdateJobCandidateBody) =>
    api
      .call(recruitEndpoints.updateJobCandidate, { params: { id }, body }, { hideMessages: true })
      .then(withCandidate),
  submitScorecard: (id: number, body: ScorecardBody) =>
    api
      .call(recruitEndpoints.submitScorecard, { params: { id }, body }, { hideMessages: true })
      .then(withCandidate),
  downloadFile: (id: number) =>
    api.download(recruitEndpoints.downloadFile, { params: { id } }, { hideMessages: true }),
  position: (id: number) =>
    api
      .call(recruitEndpoints.publicPosition, { params: { id } }, { hideMessages: true })
      .then((r) => r.position),
  apply: (id: number, fields: PublicApplyFields, cv: File, options?: UploadOptions) => {
    const form = new FormData();
    form.append('name', fields.name);
    form.append('email', fields.email);
    if (fields.phone) form.append('phone', fields.phone);
    form.append('answers', JSON.stringify(fields.answers ?? {}));
    form.append('share_profile', String(fields.share_profile ?? false));
    form.append('cv', cv, cv.name);
    return api.call(recruitEndpoints.apply, { params: { id }, body: form }, uploadOptions(options));
  },
};
