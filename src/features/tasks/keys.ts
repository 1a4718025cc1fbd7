import type { TaskListQuery } from './api';

/** Query keys of the tasks area, one helper so invalidation stays in step. */
export const taskKeys = {
  all: ['tasks'] as const,
  list: (workspaceId: number, query: TaskListQuery) =>
    ['tasks', 'list', workspaceId, query] as const,
  one: (id: number) => ['tasks', 'one', id] as const,
  part: (id: number, part: string) => ['tasks', 'one', id, part] as const,
  subtasks: (id: number) => ['tasks', 'one', id, 'subtasks'] as const,
  choices: (workspaceId: number, what: string) => ['tasks', 'choices', workspaceId, what] as const,
  /** Who a new task (0) or a new subtask of `parentId` may be given to. */
  users: (workspaceId: number, parentId: number) =>
    [...taskKeys.choices(workspaceId, 'users'), parentId] as const,
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
