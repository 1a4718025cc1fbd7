import type { z } from 'zod';
import type { AxiosProgressEvent } from 'axios';
import type {
  AnswersBody,
  CreateAssessmentBody,
  RaterGroup,
  announcementReminders,
  counts,
  evaluablesInput,
  updateAssessmentBody,
} from '@contracts/assessments';
import { assessmentEndpoints as endpoints } from '@contracts/endpoints/assessments';
import { workspaceEndpoints } from '@contracts/endpoints/workspaces';
import { api } from '@/lib/http';

export type AssessmentCounts = z.infer<typeof counts>;
export type AssessmentListStatus = 'open' | 'closed' | 'archived';
export type Announcement = z.infer<typeof announcementReminders>['announcements'][number];
export type UpdateAssessmentBody = z.input<typeof updateAssessmentBody>;
export type Who = z.input<typeof evaluablesInput>;

/** The assessment's page: its report and, for those who run it, who assesses whom. */
export const assessmentPath = (workspaceId: number, id: number) =>
  `/workspaces/${workspaceId}/assessments/${id}/report`;

export type UploadProgress = (progress: { loaded: number; total: number }) => void;

function filesForm(files: File[], field: 'files' | 'file') {
  const form = new FormData();
  for (const file of files) form.append(field, file, file.name);
  return form;
}

const progressOf = (onProgress?: UploadProgress) => (event: AxiosProgressEvent) =>
  onProgress?.({ loaded: event.loaded, total: event.total ?? event.loaded });

export type ExportKind = 'export-report' | 'export-question-report' | 'export-detail-report';

const one = (id: number) => ({ params: { id } });

export const assessmentsApi = {
  workspace: (workspaceId: number) => api.call(workspaceEndpoints.get, one(workspaceId)),
  members: (workspaceId: number) =>
    api.call(workspaceEndpoints.members, one(workspaceId)).then((r) => r.users),
  list: (workspaceId: number, status: AssessmentListStatus) =>
    api.call(endpoints.list, { params: { id: workspaceId }, query: { status } }),
  get: (id: number) => api.call(endpoints.get, one(id)).then((r) => r.assessment),
  create: (workspaceId: number, body: CreateAssessmentBody) =>
    api.call(endpoints.create, { params: { id: workspaceId }, body }),
  update: (id: number, body: UpdateAssessmentBody) =>
    api.call(endpoints.update, { params: { id }, body }),
  remove: (id: number) => api.call(endpoints.remove, one(id)),
  archive: (id: number) => api.call(endpoints.archive, one(id)),
  restore: (id: number, to: 'open' | 'closed') =>
    api.call(endpoints.restore, { params: { id }, body: { to } }),
  close: (id: number) => api.call(endpoints.close, one(id)),
  open: (id: number) => api.call(endpoints.open, one(id)),
  release: (id: number, released: boolean) =>
    api.call(endpoints.release, { params: { id }, body: { released } }),
  questionsWithoutAnswers: (id: number) =>
    api.call(endpoints.questionsWithoutAnswers, one(id)).then((r) => r.questions),
  questions: (id: number) => api.call(endpoints.questions, one(id)),
  answer: (id: number, body: AnswersBody) =>
    api.call(endpoints.answer, { params: { id }, body }, { idempotent: true }),
  evaluables: (id: number) => api.call(endpoints.evaluables, one(id)).then((r) => r.evaluables),
  report: (id: number, userId?: number) =>
    api.call(endpoints.report, { params: { id }, query: { user_id: userId || undefined } }),
  overall: (id: number) => api.call(endpoints.overall, one(id)),
  remindAll: (id: number) => api.call(endpoints.remindAll, one(id)),
  remind: (id: number, userId: number) =>
    api.call(endpoints.remind, { params: { id }, body: { user_id: userId } }),
  addRater: (
    id: number,
    body: { assessor_id: number; evaluatee_id: number; rater_group: RaterGroup },
  ) => api.call(endpoints.addRater, { params: { id }, body }),
  /** Removes one rater of one person (refused once they handed in). */
  removeRater: (id: number, assessorId: number, evaluateeId: number) =>
    api.call(endpoints.removeRater, {
      params: { id },
      query: { assessor_id: assessorId, evaluatee_id: evaluateeId },
    }),
  /** An export as a file, under the name the server gives it. */
  export: async (id: number, kind: ExportKind, format: 'xlsx' | 'csv') => {
    const file = await api.download(endpoints[kind], { params: { id }, query: { format } });
    return { blob: file.blob, filename: file.filename ?? `assessment.${format}` };
  },
  files: (evaluableId: number) => api.call(endpoints.files, one(evaluableId)).then((r) => r.files),
  addFiles: async (evaluableId: number, files: File[], onProgress?: UploadProgress) =>
    (
      await api.call(
        endpoints.addFiles,
        { params: { id: evaluableId }, body: filesForm(files, 'files') },
        { onUploadProgress: progressOf(onProgress) },
      )
    ).files,
  replaceFile: async (fileId: number, file: File, onProgress?: UploadProgress) =>
    (
      await api.call(
        endpoints.replaceFile,
        { params: { id: fileId }, body: filesForm([file], 'file') },
        { onUploadProgress: progressOf(onProgress) },
      )
    ).files,
  /** A file as a blob (the download route needs the bearer header, so no plain link). */
  downloadFile: async (evaluableId: number, fileId: number) =>
    (await api.download(endpoints.file, { params: { id: evaluableId, file: fileId } })).blob,
  announcements: () => api.call(endpoints.announcements).then((r) => r.announcements),
  answerAnnouncement: (id: number, answers: AnswersBody['answers']) =>
    api.call(endpoints.answerAnnouncement, { params: { id }, body: { answers } }),
};
