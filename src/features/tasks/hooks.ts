import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { withApiError } from '@/lib/http';
import { tasksApi, type TaskKind } from './api';
import { taskKeys } from './keys';

export function useWorkspaceId(): number {
  return Number(useParams().workspace);
}

/** The task or subtask a page is about, from its route (spec 2.6), with its query. */
export function useRoutedTask() {
  const params = useParams();
  const parentId = Number(params.id);
  const route: { kind: TaskKind; id: number; parentId: number } = params.subtask
    ? { kind: 'subtask', id: Number(params.subtask), parentId }
    : { kind: 'task', id: parentId, parentId };
  return { ...route, task: useTask(route.kind, route.id) };
}

export function useTask(kind: TaskKind, id: number) {
  return useQuery({ queryKey: taskKeys.one(id), queryFn: () => tasksApi.get(kind, id) });
}

/** A part of a task's page that loads on its own (answers, report, tracking), kept by task. */
export function useTaskPart<Part>(
  kind: TaskKind,
  id: number,
  part: string,
  load: (kind: TaskKind, id: number) => Promise<Part>,
) {
  return useQuery({ queryKey: taskKeys.part(id, part), queryFn: () => load(kind, id) });
}

/**
 * A call that changes tasks: on success every task query is fetched again, so lists, boards,
 * the task's page and my work all show the same state (the cache has one copy of each).
 */
export function useTaskMutation<Args, Result>(call: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: Args) => withApiError(() => call(args)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

/** Where a task's pages live (spec 2.6). */
export function taskLink(
  workspaceId: number,
  task: { id: number; kind: TaskKind; parent: { id: number } | null },
  page: 'info' | 'report' = 'info',
) {
  return task.kind === 'subtask' && task.parent
    ? `/workspaces/${workspaceId}/tasks/${task.parent.id}/subtasks/${task.id}/${page}`
    : `/workspaces/${workspaceId}/tasks/${task.id}/${page}`;
}
