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
  TaskTeam,
  TodoItem,
  TrackingEvent,
  UpdateTaskBody,
  taskCounts,
  taskList,
  taskListQuery,
} from '@contracts/tasks';
import type { Person } from '@contracts/people';
import { api, http } from '@/lib/http';

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
  /** What the caller has to do (all kinds of work); `todo()` covers every scope. */
  todo: (workspaceId?: number) =>
    workspaceId === undefined
      ? (['tasks', 'todo'] as const)
      : (['tasks', 'todo', workspaceId] as const),
};

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
  list: (workspaceId: number, query: TaskListQuery) => {
    const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
    return api.get<z.infer<typeof taskList>>(`core/workspaces/${workspaceId}/tasks`, { params });
  },
  get: (kind: TaskKind, id: number) => api.get<{ task: Task }>(basePath(kind, id)).then(withTask),
  search: (q: string, workspaceId?: number) =>
    api
      .get<{ tasks: Task[] }>(
        `core/tasks/search?q=${encodeURIComponent(q)}${workspaceId ? `&workspace_id=${workspaceId}` : ''}`,
      )
      .then((r) => r.tasks),
  createByOwner: (workspaceId: number, body: Partial<CreateTaskByOwnerBody> & { name: string }) =>
    api.post<{ task: Task }>(`core/workspaces/${workspaceId}/tasks-by-owner`, body).then(withTask),
  createByMember: (workspaceId: number, body: Partial<CreateTaskByMemberBody> & { name: string }) =>
    api.post<{ task: Task }>(`core/workspaces/${workspaceId}/tasks-by-member`, body).then(withTask),
  update: (kind: TaskKind, id: number, body: UpdateTaskBody) =>
    api.put<{ task: Task }>(basePath(kind, id), body).then(withTask),
  remove: (kind: TaskKind, id: number) => api.delete<object>(basePath(kind, id)),
  /** Actions answering with the task: archive, restore, close-by-*, open-by-*, conversions. */
  act: (kind: TaskKind, id: number, action: string, body: object = {}) =>
    api.post<{ task: Task }>(`${basePath(kind, id)}/${action}`, body).then(withTask),
  comment: (kind: TaskKind, id: number, assignmentId: number, comment: string | null) =>
    api
      .put<{ task: Task }>(`core/${kind === 'task' ? 'tasks' : 'subtasks'}/update-comment/${id}`, {
        assignment_id: assignmentId,
        comment,
      })
      .then(withTask),
  setColor: (kind: TaskKind, id: number, color: string) =>
    api.put<{ task: Task }>(`${basePath(kind, id)}/schema`, { schema: { color } }).then(withTask),
  setTags: (kind: TaskKind, id: number, tagIds: number[]) =>
    api.put<{ task: Task }>(`${basePath(kind, id)}/tags`, { tag_ids: tagIds }).then(withTask),
  assign: (kind: TaskKind, id: number, userId: number, assign: boolean) =>
    api
      .post<{ task: Task }>(
        `${basePath(kind, id)}/${assign ? 'assign-user' : 'un-assign-user'}/${userId}`,
      )
      .then(withTask),
  /** Submit or resubmit as one multipart request; progress comes from axios as bytes go out. */
  handIn: async (kind: TaskKind, id: number, mode: 'submit' | 'resubmit', handIn: HandIn) =>
    (
      await api.post<{ task: Task }>(`${basePath(kind, id)}/${mode}`, handInForm(handIn), {
        onUploadProgress: (event: AxiosProgressEvent) =>
          handIn.onProgress?.({ loaded: event.loaded, total: event.total ?? event.loaded }),
      })
    ).task,
  answers: (kind: TaskKind, id: number) =>
    api.get<{ answers: Report[] }>(`${basePath(kind, id)}/answers`).then((r) => r.answers),
  answer: (kind: TaskKind, id: number, body: string, assignmentId?: number) =>
    api.post<{ answer: Report }>(`${basePath(kind, id)}/answer`, {
      body,
      assignment_id: assignmentId,
    }),
  files: (kind: TaskKind, id: number) =>
    api.get<{ files: TaskFile[] }>(`${basePath(kind, id)}/files`).then((r) => r.files),
  /** A file as a blob (the download route needs the bearer header, so no plain link). */
  download: async (kind: TaskKind, id: number, fileId: number) =>
    (await http.get<Blob>(`${basePath(kind, id)}/files/${fileId}`, { responseType: 'blob' })).data,
  report: (kind: TaskKind, id: number) => api.get<SubmissionReport>(`${basePath(kind, id)}/users`),
  tracking: (kind: TaskKind, id: number) =>
    api.get<{ events: TrackingEvent[] }>(`${basePath(kind, id)}/tracking`).then((r) => r.events),
  remind: (kind: TaskKind, id: number, userId?: number) =>
    userId === undefined
      ? api.post<object>(`${basePath(kind, id)}/send-reminder-for-all`)
      : api.post<object>(`${basePath(kind, id)}/send-reminder`, { user_id: userId }),
  moveTargets: (kind: TaskKind, id: number) =>
    api
      .get<{ tasks: { id: number; name: string }[] }>(`${basePath(kind, id)}/can-move-to-tasks`)
      .then((r) => r.tasks),
  subtasks: (id: number) =>
    api.get<{ subtasks: Task[] }>(`core/tasks/${id}/subtasks`).then((r) => r.subtasks),
  createSubtask: (
    parentId: number,
    body: Partial<CreateSubtaskBody> & { name: string },
    forAll: boolean,
  ) =>
    api
      .post<{ task: Task }>(
        `core/tasks/${parentId}/${forAll ? 'subtasks-for-all-users' : 'subtasks'}`,
        body,
      )
      .then(withTask),
  selectableUsers: (workspaceId: number) =>
    api
      .get<{ users: Person[] }>(`core/workspaces/${workspaceId}/selectable-users`)
      .then((r) => r.users),
  selectableTeams: (workspaceId: number) =>
    api.get<{ teams: TaskTeam[]; users_dont_have_team_count: number }>(
      `core/workspaces/${workspaceId}/selectable-teams`,
    ),
  reviewerChoices: (workspaceId: number) =>
    api.get<{ all_reviewers: Person[]; default_reviewers: Person[] }>(
      `core/workspaces/${workspaceId}/selectable-users-for-reviewers`,
    ),
  subtaskUsers: (parentId: number) =>
    api
      .get<{ users: Person[] }>(`core/tasks/${parentId}/select-subtask-users`)
      .then((r) => r.users),
  tags: (workspaceId: number) =>
    api.get<{ tags: Tag[] }>(`core/tags?type=task&workspace_id=${workspaceId}`).then((r) => r.tags),
  myWork: (workspaceId?: number) =>
    api
      .get<{ tasks: Task[] }>(`core/my-work${workspaceId ? `?workspace_id=${workspaceId}` : ''}`)
      .then((r) => r.tasks),
  deadlines: (workspaceId?: number) =>
    api
      .get<{ deadlines: Deadline[] }>(
        `core/dashboard/deadlines${workspaceId ? `?workspace_id=${workspaceId}` : ''}`,
      )
      .then((r) => r.deadlines),
  reminders: () =>
    api.get<{ tasks: Reminder[]; assessments: Reminder[] }>('core/reminder/assessment-task'),
  todo: (workspaceId?: number) =>
    api
      .get<{
        items: TodoItem[];
      }>(`core/my-work/todo${workspaceId ? `?workspace_id=${workspaceId}` : ''}`)
      .then((r) => r.items),
};
