import { endpoint } from '../endpoint';
import type {
  candidatesFromProfilesBody,
  candidatesFromProfilesResult,
  changeJobStatusBody,
  cvUploadResult,
  jobCandidateList,
  jobCandidateResource,
  jobCandidatesQuery,
  jobList,
  jobListQuery,
  jobResource,
  jobSkillBody,
  publicApplyResult,
  publicPositionResource,
  renameStagesBody,
  scorecardBody,
  scorecardResult,
  screeningQuery,
  screeningResource,
  talentPoolList,
  talentPoolQuery,
  updateJobBody,
  updateJobCandidateBody,
} from '../recruit';

/** Recruiting (spec 7.7), under /api/v2/recruit. Who may call what: docs/decisions/recruit.md. */
export const recruitEndpoints = {
  jobs: endpoint('GET', 'recruit/workspaces/:id/jobs').of<{
    query: typeof jobListQuery;
    response: typeof jobList;
  }>(),
  /** Multipart: `file` (PDF, DOCX or text) or a `text` field, optional `title`. */
  uploadJd: endpoint('POST', 'recruit/workspaces/:id/jobs/upload-jd').of<{
    body: 'form';
    response: typeof jobResource;
  }>(),
  job: endpoint('GET', 'recruit/jobs/:id').of<{ response: typeof jobResource }>(),
  updateJob: endpoint('PUT', 'recruit/jobs/:id').of<{
    body: typeof updateJobBody;
    response: typeof jobResource;
  }>(),
  changeStatus: endpoint('POST', 'recruit/jobs/:id/change-status').of<{
    body: typeof changeJobStatusBody;
    response: typeof jobResource;
  }>(),
  /** `:skill` is a catalogue skill id. */
  setSkill: endpoint('PUT', 'recruit/jobs/:id/skills/:skill').of<{
    body: typeof jobSkillBody;
    response: typeof jobResource;
  }>(),
  removeSkill: endpoint('DELETE', 'recruit/jobs/:id/skills/:skill').of<{
    response: typeof jobResource;
  }>(),
  renameStages: endpoint('PUT', 'recruit/jobs/:id/stages').of<{
    body: typeof renameStagesBody;
    response: typeof jobResource;
  }>(),
  /** The pipeline board: every candidate of the job. */
  candidates: endpoint('GET', 'recruit/jobs/:id/candidates-cv').of<{
    query: typeof jobCandidatesQuery;
    response: typeof jobCandidateList;
  }>(),
  /** Multipart `files`: several CVs (PDF or DOCX). */
  uploadCvs: endpoint('POST', 'recruit/jobs/:id/candidates-cv').of<{
    body: 'form';
    response: typeof cvUploadResult;
  }>(),
  addFromProfiles: endpoint('POST', 'recruit/jobs/:id/candidates-from-profiles').of<{
    body: typeof candidatesFromProfilesBody;
    response: typeof candidatesFromProfilesResult;
  }>(),
  screening: endpoint('GET', 'recruit/jobs/:id/candidates-screening').of<{
    query: typeof screeningQuery;
    response: typeof screeningResource;
  }>(),
  jobTalentPool: endpoint('GET', 'recruit/jobs/:id/talent-pool').of<{
    query: typeof talentPoolQuery;
    response: typeof talentPoolList;
  }>(),
  talentPool: endpoint('GET', 'recruit/workspaces/:id/talent-pool').of<{
    query: typeof talentPoolQuery;
    response: typeof talentPoolList;
  }>(),
  jobCandidate: endpoint('GET', 'recruit/job-candidates/:id').of<{
    response: typeof jobCandidateResource;
  }>(),
  updateJobCandidate: endpoint('PUT', 'recruit/job-candidates/:id').of<{
    body: typeof updateJobCandidateBody;
    response: typeof jobCandidateResource;
  }>(),
  submitScorecard: endpoint('POST', 'recruit/job-candidates/:id/scorecard').of<{
    body: typeof scorecardBody;
    response: typeof scorecardResult;
  }>(),
  /** A candidate's stored file (CV); `download_url` of a candidate file points here. */
  downloadFile: endpoint('GET', 'recruit/candidate-files/:id/download').of<{ response: 'file' }>(),
  /** No sign-in. */
  publicPosition: endpoint('GET', 'recruit/public/positions/:id').of<{
    response: typeof publicPositionResource;
  }>(),
  /** No sign-in; multipart, see `publicApplyFields`. */
  apply: endpoint('POST', 'recruit/public/positions/:id/apply').of<{
    body: 'form';
    response: typeof publicApplyResult;
  }>(),
};
