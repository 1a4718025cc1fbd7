import type { AxiosProgressEvent } from 'axios';
import type { z } from 'zod';
import type {
  CreateSubtaskBody,
  CreateTaskByMemberBody,
  CreateTaskByOwnerBody,
  Deadline,
  Reminder,
  Report,
  SubmissionReport,
  Tag,
  Task,
  TaskFile,
  TaskPerson,
  TaskTeam,
  TrackingEvent,
  UpdateTaskBody,
  taskCounts,
  taskListQuery,
} from '@contracts/tasks';
import type { Workspace } from '@contracts/workspaces';
import { http, type Envelope } from '@/lib/http';

export type TaskCounts = z.infer<typeof taskCounts>;
export type TaskListQuery = Partial<z.input<typeof taskListQuery>>;
export type TaskKind = Task['kind'];

/** Query keys of the tasks area, one helper so invalidation stays in step. */
export const taskKeys = {
  all: ['tasks'] as const,
  list: (workspaceId: number, query: TaskListQuery) =>
    ['tasks', 'list', workspaceId, query] as const,
  one: (id: number) => ['tasks', 'one', id] as const,
  part: (id: number, part: string) => ['tasks', 'one', id, part] as const,
  subtasks: (id: number) => ['tasks', 'one', id, 'subtasks'] as const,
  choices: (workspaceId: number, what: string) => ['tasks', 'choices', workspaceId, what] as const,
  tags: (workspaceId: number) => ['tasks', 'tags', workspaceId] as const,
  myWork: (workspaceId?: number) => ['tasks', 'my-work', workspaceId ?? 'all'] as const,
  deadlines: (workspaceId?: number) => ['tasks', 'deadlines', workspaceId ?? 'all'] as const,
  reminders: ['tasks', 'reminders'] as const,
  workspace: (workspaceId: number) => ['tasks', 'workspace', workspaceId] as const,
};

const get = async <T>(url: string) => (await http.get<Envelope<T>>(url)).data.resource;
const send = async <T>(method: 'post' | 'put' | 'patch' | 'delete', url: string, body?: unknown) =>
  (await http.request<Envelope<T>>({ method, url, data: body })).data.resource;

/** tasks/:id or subtasks/:id: the same actions under the kind's own path (spec 7.4, 7.5). */
export const basePath = (kind: TaskKind, id: number) =>
  `core/${kind === 'task' ? 'tasks' : 'subtasks'}/${id}`;

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** What a submit dialog sends: files, an optional answer, and which of the caller's units. */
export interface HandIn {
  files: File[];
  answer?: string;
  assignmentId?: number;
  onProgress?: (progress: UploadProgress) => void;
}

function handInForm({ files, answer, assignmentId }: HandIn) {
  const form = new FormData();
  if (answer) form.append('answer', answer);
  if (assignmentId !== undefined) form.append('assignment_id', String(assignmentId));
  // Text fields first: the server reads them before any file arrives.
  for (const file of files) form.append('files', file, file.name);
  return form;
}

const withTask = (r: { task: Task }) => r.task;

export const tasksApi = {
  /** The workspace with the caller's abilities (create_task, create_task_as_member, ...). */
  workspace: (workspaceId: number) => get<Workspace>(`core/workspaces/${workspaceId}`),
  list: (workspaceId: number, query: TaskListQuery) => {
    const params = new URLSearchParams(
      Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    );
    return get<{ tasks: Task[]; counts: TaskCounts }>(
      `core/workspaces/${workspaceId}/tasks?${params.toString()}`,
    );
  },
  get: (kind: TaskKind, id: number) => get<{ task: Task }>(basePath(kind, id)).then(withTask),
  search: (q: string, workspaceId?: number) =>
    get<{ tasks: Task[] }>(
      `core/tasks/search?q=${encodeURIComponent(q)}${workspaceId ? `&workspace_id=${workspaceId}` : ''}`,
    ).then((r) => r.tasks),
  createByOwner: (workspaceId: number, body: Partial<CreateTaskByOwnerBody> & { name: string }) =>
    send<{ task: Task }>('post', `core/workspaces/${workspaceId}/tasks-by-owner`, body).then(
      withTask,
    ),
  createByMember: (workspaceId: number, body: Partial<CreateTaskByMemberBody> & { name: string }) =>
    send<{ task: Task }>('post', `core/workspaces/${workspaceId}/tasks-by-member`, body).then(
      withTask,
    ),
  update: (kind: TaskKind, id: number, body: UpdateTaskBody) =>
    send<{ task: Task }>('put', basePath(kind, id), body).then(withTask),
  remove: (kind: TaskKind, id: number) => send<object>('delete', basePath(kind, id)),
  /** Actions answering with the task: archive, restore, close-by-*, open-by-*, conversions. */
  act: (kind: TaskKind, id: number, action: string, body: object = {}) =>
    send<{ task: Task }>('post', `${basePath(kind, id)}/${action}`, body).then(withTask),
  comment: (kind: TaskKind, id: number, assignmentId: number, comment: string | null) =>
    send<{ task: Task }>(
      'put',
      `core/${kind === 'task' ? 'tasks' : 'subtasks'}/update-comment/${id}`,
      { assignment_id: assignmentId, comment },
    ).then(withTask),
  setColor: (kind: TaskKind, id: number, color: string) =>
    send<{ task: Task }>('put', `${basePath(kind, id)}/schema`, { schema: { color } }).then(
      withTask,
    ),
  setTags: (kind: TaskKind, id: number, tagIds: number[]) =>
    send<{ task: Task }>('put', `${basePath(kind, id)}/tags`, { tag_ids: tagIds }).then(withTask),
  assign: (kind: TaskKind, id: number, userId: number, assign: boolean) =>
    send<{ task: Task }>(
      'post',
      `${basePath(kind, id)}/${assign ? 'assign-user' : 'un-assign-user'}/${userId}`,
    ).then(withTask),
  /** Submit or resubmit as one multipart request; progress comes from axios as bytes go out. */
  handIn: async (kind: TaskKind, id: number, mode: 'submit' | 'resubmit', handIn: HandIn) =>
    (
      await http.post<Envelope<{ task: Task }>>(
        `${basePath(kind, id)}/${mode}`,
        handInForm(handIn),
        {
          onUploadProgress: (event: AxiosProgressEvent) =>
            handIn.onProgress?.({ loaded: event.loaded, total: event.total ?? event.loaded }),
        },
      )
    ).data.resource.task,
  answers: (kind: TaskKind, id: number) =>
    get<{ answers: Report[] }>(`${basePath(kind, id)}/answers`).then((r) => r.answers),
  answer: (kind: TaskKind, id: number, body: string, assignmentId?: number) =>
    send<{ answer: Report }>('post', `${basePath(kind, id)}/answer`, {
      body,
      assignment_id: assignmentId,
    }),
  files: (kind: TaskKind, id: number) =>
    get<{ files: TaskFile[] }>(`${basePath(kind, id)}/files`).then((r) => r.files),
  /** A file as a blob (the download route needs the bearer header, so no plain link). */
  download: async (kind: TaskKind, id: number, fileId: number) =>
    (await http.get<Blob>(`${basePath(kind, id)}/files/${fileId}`, { responseType: 'blob' })).data,
  report: (kind: TaskKind, id: number) => get<SubmissionReport>(`${basePath(kind, id)}/users`),
  tracking: (kind: TaskKind, id: number) =>
    get<{ events: TrackingEvent[] }>(`${basePath(kind, id)}/tracking`).then((r) => r.events),
  remind: (kind: TaskKind, id: number, userId?: number) =>
    userId === undefined
      ? send<object>('post', `${basePath(kind, id)}/send-reminder-for-all`)
      : send<object>('post', `${basePath(kind, id)}/send-reminder`, { user_id: userId }),
  moveTargets: (kind: TaskKind, id: number) =>
    get<{ tasks: { id: number; name: string }[] }>(`${basePath(kind, id)}/can-move-to-tasks`).then(
      (r) => r.tasks,
    ),
  subtasks: (id: number) =>
    get<{ subtasks: Task[] }>(`core/tasks/${id}/subtasks`).then((r) => r.subtasks),
  createSubtask: (
    parentId: number,
    body: Partial<CreateSubtaskBody> & { name: string },
    forAll: boolean,
  ) =>
    send<{ task: Task }>(
      'post',
      `core/tasks/${parentId}/${forAll ? 'subtasks-for-all-users' : 'subtasks'}`,
      body,
    ).then(withTask),
  selectableUsers: (workspaceId: number) =>
    get<{ users: TaskPerson[] }>(`core/workspaces/${workspaceId}/selectable-users`).then(
      (r) => r.users,
    ),
  selectableTeams: (workspaceId: number) =>
    get<{ teams: TaskTeam[]; users_dont_have_team_count: number }>(
      `core/workspaces/${workspaceId}/selectable-teams`,
    ),
  reviewerChoices: (workspaceId: number) =>
    get<{ all_reviewers: TaskPerson[]; default_reviewers: TaskPerson[] }>(
      `core/workspaces/${workspaceId}/selectable-users-for-reviewers`,
    ),
  subtaskUsers: (parentId: number) =>
    get<{ users: TaskPerson[] }>(`core/tasks/${parentId}/select-subtask-users`).then(
      (r) => r.users,
    ),
  tags: (workspaceId: number) =>
    get<{ tags: Tag[] }>(`core/tags?type=task&workspace_id=${workspaceId}`).then((r) => r.tags),
  myWork: (workspaceId?: number) =>
    get<{ tasks: Task[] }>(`core/my-work${workspaceId ? `?workspace_id=${workspaceId}` : ''}`).then(
      (r) => r.tasks,
    ),
  deadlines: (workspaceId?: number) =>
    get<{ deadlines: Deadline[] }>(
      `core/dashboard/deadlines${workspaceId ? `?workspace_id=${workspaceId}` : ''}`,
    ).then((r) => r.deadlines),
  reminders: () =>
    get<{ tasks: Reminder[]; assessments: Reminder[] }>('core/reminder/assessment-task'),
};
