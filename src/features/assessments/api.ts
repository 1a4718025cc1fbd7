import type { z } from 'zod';
import type { AxiosProgressEvent } from 'axios';
import type {
  AnswersBody,
  Assessment,
  AssessmentFile,
  CreateAssessmentBody,
  Evaluable,
  OverallReport,
  PersonReport,
  Question,
  QuestionsWithAnswers,
  RaterGroup,
  announcementReminders,
  counts,
  evaluablesInput,
  updateAssessmentBody,
} from '@contracts/assessments';
import type { Member, Workspace } from '@contracts/workspaces';
import { api, http } from '@/lib/http';

export type AssessmentCounts = z.infer<typeof counts>;
export type AssessmentListStatus = 'open' | 'closed' | 'archived';
export type Announcement = z.infer<typeof announcementReminders>['announcements'][number];
export type UpdateAssessmentBody = z.input<typeof updateAssessmentBody>;
export type Who = z.input<typeof evaluablesInput>;

/** Query keys of the assessments area, one helper so invalidation stays in step. */
export const assessmentKeys = {
  all: ['assessments'] as const,
  list: (workspaceId: number, status: AssessmentListStatus) =>
    ['assessments', 'list', workspaceId, status] as const,
  one: (id: number) => ['assessments', 'one', id] as const,
  questions: (id: number) => ['assessments', 'one', id, 'questions'] as const,
  report: (id: number, userId: number | 'me') =>
    ['assessments', 'one', id, 'report', userId] as const,
  overall: (id: number) => ['assessments', 'one', id, 'overall'] as const,
  evaluables: (id: number) => ['assessments', 'one', id, 'evaluables'] as const,
  workspace: (workspaceId: number) => ['assessments', 'workspace', workspaceId] as const,
  announcements: ['assessments', 'announcements'] as const,
  members: (workspaceId: number) => ['assessments', 'members', workspaceId] as const,
  files: (evaluableId: number) => ['assessments', 'files', evaluableId] as const,
};

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

const get = <T>(url: string) => api.get<T>(url);
const send = <T>(method: 'post' | 'put' | 'delete', url: string, body?: unknown) =>
  api[method]<T>(url, body);

export type ExportKind = 'export-report' | 'export-question-report' | 'export-detail-report';

export const assessmentsApi = {
  workspace: (workspaceId: number) => get<Workspace>(`core/workspaces/${workspaceId}`),
  members: (workspaceId: number) =>
    get<{ users: Member[] }>(`core/workspaces/${workspaceId}/users`).then((r) => r.users),
  list: (workspaceId: number, status: AssessmentListStatus) =>
    get<{ assessments: Assessment[]; counts: AssessmentCounts }>(
      `core/workspaces/${workspaceId}/assessments?status=${status}`,
    ),
  get: (id: number) =>
    get<{ assessment: Assessment }>(`core/assessments/${id}`).then((r) => r.assessment),
  create: (workspaceId: number, body: CreateAssessmentBody) =>
    send<{ assessment: Assessment }>('post', `core/workspaces/${workspaceId}/assessments`, body),
  update: (id: number, body: UpdateAssessmentBody) =>
    send<{ assessment: Assessment }>('put', `core/assessments/${id}`, body),
  remove: (id: number) => send<object>('delete', `core/assessments/${id}`),
  archive: (id: number) =>
    send<{ assessment: Assessment }>('post', `core/assessments/${id}/archive`),
  restore: (id: number, to: 'open' | 'closed') =>
    send<{ assessment: Assessment }>('post', `core/assessments/${id}/restore`, { to }),
  close: (id: number) => send<{ assessment: Assessment }>('put', `core/assessments/${id}/close`),
  open: (id: number) => send<{ assessment: Assessment }>('put', `core/assessments/${id}/open`),
  release: (id: number, released: boolean) =>
    send<{ assessment: Assessment }>('put', `core/assessments/${id}/release`, { released }),
  questionsWithoutAnswers: (id: number) =>
    get<{ questions: Question[] }>(`core/assessments/${id}/questions-without-answers`).then(
      (r) => r.questions,
    ),
  questions: (id: number) => get<QuestionsWithAnswers>(`core/assessments/${id}/questions`),
  answer: (id: number, body: AnswersBody) =>
    send<QuestionsWithAnswers['evaluables'][number]>(
      'post',
      `core/assessments/${id}/questions`,
      body,
    ),
  evaluables: (id: number) =>
    get<{ evaluables: Evaluable[] }>(`core/assessments/${id}/evaluables-by-owner`).then(
      (r) => r.evaluables,
    ),
  report: (id: number, userId?: number) =>
    get<{ report: PersonReport; threshold: number; released: boolean }>(
      `core/assessments/${id}/report${userId ? `?user_id=${userId}` : ''}`,
    ),
  overall: (id: number) =>
    get<OverallReport>(`core/assessments/${id}/overall-report-general-assessment`),
  remindAll: (id: number) =>
    send<{ sent: number }>('post', `core/assessments/${id}/send-reminder-for-all`),
  remind: (id: number, userId: number) =>
    send<{ sent: number }>('post', `core/assessments/${id}/send-reminder`, { user_id: userId }),
  addRater: (
    id: number,
    body: { assessor_id: number; evaluatee_id: number; rater_group: RaterGroup },
  ) => send<{ evaluables: Evaluable[] }>('post', `core/assessments/${id}/user-assessment`, body),
  /** Removes one rater of one person (refused once they handed in). */
  removeRater: (id: number, assessorId: number, evaluateeId: number) =>
    send<object>(
      'delete',
      `core/assessments/${id}/user-assessment?assessor_id=${assessorId}&evaluatee_id=${evaluateeId}`,
    ),
  /** An export as a file, under the name the server gives it. */
  export: async (id: number, kind: ExportKind, format: 'xlsx' | 'csv') => {
    const response = await http.get<Blob>(`core/assessments/${id}/${kind}?format=${format}`, {
      responseType: 'blob',
    });
    const disposition = String(response.headers['content-disposition'] ?? '');
    const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `assessment.${format}`;
    return { blob: response.data, filename };
  },
  files: (evaluableId: number) =>
    get<{ files: AssessmentFile[] }>(`core/evaluables/${evaluableId}/files`).then((r) => r.files),
  addFiles: async (evaluableId: number, files: File[], onProgress?: UploadProgress) =>
    (
      await api.post<{ files: AssessmentFile[] }>(
        `core/evaluables/${evaluableId}/files`,
        filesForm(files, 'files'),
        { onUploadProgress: progressOf(onProgress) },
      )
    ).files,
  replaceFile: async (fileId: number, file: File, onProgress?: UploadProgress) =>
    (
      await api.put<{ files: AssessmentFile[] }>(
        `core/edit-file/${fileId}`,
        filesForm([file], 'file'),
        { onUploadProgress: progressOf(onProgress) },
      )
    ).files,
  /** A file as a blob (the download route needs the bearer header, so no plain link). */
  downloadFile: async (evaluableId: number, fileId: number) =>
    (
      await http.get<Blob>(`core/evaluables/${evaluableId}/files/${fileId}`, {
        responseType: 'blob',
      })
    ).data,
  announcements: () =>
    get<{ announcements: Announcement[] }>('core/announcements/reminder').then(
      (r) => r.announcements,
    ),
  answerAnnouncement: (id: number, answers: AnswersBody['answers']) =>
    send<object>('post', `core/announcements/${id}/questions`, { answers }),
};
