import type { AxiosProgressEvent } from 'axios';
import type { z } from 'zod';
import type {
  CreateSubtaskBody,
  CreateTaskByMemberBody,
  CreateTaskByOwnerBody,
  Task,
  UpdateTaskBody,
  taskCounts,
  taskListQuery,
} from '@contracts/tasks';
import { subtaskEndpoints, tagEndpoints, taskEndpoints } from '@contracts/endpoints/tasks';
import { api } from '@/lib/http';

export type TaskCounts = z.infer<typeof taskCounts>;
export type TaskListQuery = Partial<z.input<typeof taskListQuery>>;
export type TaskKind = Task['kind'];

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

/** The routes of a task or a subtask: the same actions under the kind's own path. */
const workOf = (kind: TaskKind) => (kind === 'task' ? taskEndpoints : subtaskEndpoints);
/** Actions answering with the task that take nothing but the task. */
export type TaskAction =
  | 'archive'
  | 'restore'
  | 'close-by-assignee'
  | 'open-by-assignee'
  | 'close-by-reviewer'
  | 'open-by-reviewer';

export const tasksApi = {
  list: (workspaceId: number, query: TaskListQuery) =>
    api.call(taskEndpoints.list, { params: { id: workspaceId }, query }),
  get: (kind: TaskKind, id: number) =>
    api.call(workOf(kind).get, { params: { id } }).then(withTask),
  search: (q: string, workspaceId?: number) =>
    api
      .call(taskEndpoints.search, { query: { q, workspace_id: workspaceId || undefined } })
      .then((r) => r.tasks),
  createByOwner: (workspaceId: number, body: Partial<CreateTaskByOwnerBody> & { name: string }) =>
    api.call(taskEndpoints.createByOwner, { params: { id: workspaceId }, body }).then(withTask),
  createByMember: (workspaceId: number, body: Partial<CreateTaskByMemberBody> & { name: string }) =>
    api.call(taskEndpoints.createByMember, { params: { id: workspaceId }, body }).then(withTask),
  update: (kind: TaskKind, id: number, body: UpdateTaskBody) =>
    api.call(workOf(kind).update, { params: { id }, body }).then(withTask),
  remove: (kind: TaskKind, id: number) => api.call(workOf(kind).remove, { params: { id } }),
  act: (kind: TaskKind, id: number, action: TaskAction) =>
    api.call(workOf(kind)[action], { params: { id } }).then(withTask),
  /** A reviewer accepts or returns one unit's work. */
  review: (
    kind: TaskKind,
    id: number,
    verdict: 'close-by-reviewer' | 'open-by-reviewer',
    body: { assignment_id: number; comment?: string },
  ) => api.call(workOf(kind)[verdict], { params: { id }, body }).then(withTask),
  /** A task becomes a subtask of `targetId`; a subtask moves under `targetId`. */
  move: (kind: TaskKind, id: number, targetId: number) =>
    api
      .call(kind === 'task' ? taskEndpoints.changeToSubtask : subtaskEndpoints.moveToAnotherTask, {
        params: { id },
        body: { task_id: targetId },
      })
      .then(withTask),
  toTask: (id: number) =>
    api.call(subtaskEndpoints.changeToTask, { params: { id } }).then(withTask),
  comment: (kind: TaskKind, id: number, assignmentId: number, comment: string | null) =>
    api
      .call(workOf(kind).comment, {
        params: { id },
        body: { assignment_id: assignmentId, comment },
      })
      .then(withTask),
  setColor: (kind: TaskKind, id: number, color: string) =>
    api
      .call(workOf(kind).setSchema, { params: { id }, body: { schema: { color } } })
      .then(withTask),
  setTags: (kind: TaskKind, id: number, tagIds: number[]) =>
    api.call(workOf(kind).setTags, { params: { id }, body: { tag_ids: tagIds } }).then(withTask),
  assign: (kind: TaskKind, id: number, userId: number, assign: boolean) =>
    api
      .call(assign ? workOf(kind).assignUser : workOf(kind).unassignUser, {
        params: { id, user: userId },
      })
      .then(withTask),
  /** Submit or resubmit as one multipart request; progress comes from axios as bytes go out. */
  handIn: async (kind: TaskKind, id: number, mode: 'submit' | 'resubmit', handIn: HandIn) =>
    (
      await api.call(
        workOf(kind)[mode],
        { params: { id }, body: handInForm(handIn) },
        {
          onUploadProgress: (event: AxiosProgressEvent) =>
            handIn.onProgress?.({ loaded: event.loaded, total: event.total ?? event.loaded }),
          idempotent: true,
        },
      )
    ).task,
  answers: (kind: TaskKind, id: number) =>
    api.call(workOf(kind).answers, { params: { id } }).then((r) => r.answers),
  answer: (kind: TaskKind, id: number, body: string, assignmentId?: number) =>
    api.call(workOf(kind).answer, {
      params: { id },
      body: { body, assignment_id: assignmentId },
    }),
  files: (kind: TaskKind, id: number) =>
    api.call(workOf(kind).files, { params: { id } }).then((r) => r.files),
  /** A file as a blob (the download route needs the bearer header, so no plain link). */
  download: async (kind: TaskKind, id: number, fileId: number) =>
    (await api.download(workOf(kind).file, { params: { id, file: fileId } })).blob,
  report: (kind: TaskKind, id: number) => api.call(workOf(kind).report, { params: { id } }),
  tracking: (kind: TaskKind, id: number) =>
    api.call(workOf(kind).tracking, { params: { id } }).then((r) => r.events),
  remind: (kind: TaskKind, id: number, userId?: number) =>
    userId === undefined
      ? api.call(workOf(kind).remindAll, { params: { id } })
      : api.call(workOf(kind).remind, { params: { id }, body: { user_id: userId } }),
  moveTargets: (kind: TaskKind, id: number) =>
    api.call(workOf(kind).moveTargets, { params: { id } }).then((r) => r.tasks),
  subtasks: (id: number) =>
    api.call(taskEndpoints.subtasks, { params: { id } }).then((r) => r.subtasks),
  createSubtask: (
    parentId: number,
    body: Partial<CreateSubtaskBody> & { name: string },
    forAll: boolean,
  ) =>
    api
      .call(forAll ? taskEndpoints.createSubtaskForAll : taskEndpoints.createSubtask, {
        params: { id: parentId },
        body,
      })
      .then(withTask),
  selectableUsers: (workspaceId: number) =>
    api.call(taskEndpoints.selectableUsers, { params: { id: workspaceId } }).then((r) => r.users),
  selectableTeams: (workspaceId: number) =>
    api.call(taskEndpoints.selectableTeams, { params: { id: workspaceId } }),
  reviewerChoices: (workspaceId: number) =>
    api.call(taskEndpoints.reviewerChoices, { params: { id: workspaceId } }),
  subtaskUsers: (parentId: number) =>
    api.call(taskEndpoints.subtaskUsers, { params: { id: parentId } }).then((r) => r.users),
  tags: (workspaceId: number) =>
    api
      .call(tagEndpoints.list, { query: { type: 'task', workspace_id: workspaceId } })
      .then((r) => r.tags),
  myWork: (workspaceId?: number) =>
    api
      .call(taskEndpoints.myWork, { query: { workspace_id: workspaceId || undefined } })
      .then((r) => r.tasks),
  deadlines: (workspaceId?: number) =>
    api
      .call(taskEndpoints.deadlines, { query: { workspace_id: workspaceId || undefined } })
      .then((r) => r.deadlines),
  reminders: () => api.call(taskEndpoints.reminders),
  todo: (workspaceId?: number) =>
    api
      .call(taskEndpoints.todo, { query: { workspace_id: workspaceId || undefined } })
      .then((r) => r.items),
};
