import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { TodoItem } from '@contracts/tasks';
import { can } from '../../auth/permissions';
import { taskAssignments, taskReviewers, tasks, workspaces } from '../../db/schema';
import { registerTodoSource, type TodoScope } from '../../core/todo-sources';
import { teamsOfPerson, unitsOfPerson } from './reminders';

const pathOf = (task: { id: number; parentId: number | null; workspaceId: number }) =>
  task.parentId === null
    ? `/workspaces/${task.workspaceId}/tasks/${task.id}/info`
    : `/workspaces/${task.workspaceId}/tasks/${task.parentId}/subtasks/${task.id}/info`;

/** A task as a line of someone's work: in the to-do, the deadlines. */
export const taskColumns = {
  id: tasks.id,
  name: tasks.name,
  parentId: tasks.parentId,
  workspaceId: tasks.workspaceId,
  workspaceName: workspaces.name,
  expiredAt: tasks.expiredAt,
};

function itemOf(
  kind: 'hand_in' | 'review',
  row: {
    id: number;
    name: string;
    parentId: number | null;
    workspaceId: number;
    workspaceName: string;
    expiredAt: Date | null;
  },
  scope: TodoScope,
  extra: Pick<TodoItem, 'status' | 'waiting'>,
): TodoItem {
  return {
    kind,
    id: row.id,
    name: row.name,
    workspace_id: row.workspaceId,
    workspace_name: row.workspaceName,
    link: pathOf(row),
    expired_at: row.expiredAt?.toISOString() ?? null,
    is_overdue: row.expiredAt !== null && row.expiredAt < scope.now,
    ...extra,
  };
}

/** Work the person still has to hand in: to do, or returned to them, on open tasks. */
registerTodoSource('hand_in', async (db, scope) => {
  const ids = [...scope.workspaces.keys()].filter((id) =>
    can(scope.workspaces.get(id)!, 'submit_tasks'),
  );
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...taskColumns, status: taskAssignments.status })
    .from(tasks)
    .innerJoin(taskAssignments, eq(taskAssignments.taskId, tasks.id))
    .innerJoin(workspaces, eq(workspaces.id, tasks.workspaceId))
    .where(
      and(
        unitsOfPerson(scope.userId),
        inArray(taskAssignments.status, ['todo', 'returned']),
        eq(tasks.status, 'open'),
        inArray(tasks.workspaceId, ids),
      ),
    )
    .orderBy(tasks.id, taskAssignments.id);
  // A person with work of their own and their team's on one task sees the task once.
  const seen = new Set<number>();
  return rows
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .map((row) => itemOf('hand_in', row, scope, { status: row.status, waiting: null }));
});

/**
 * Work handed in and waiting for the person's review: on tasks that name them as a reviewer,
 * or name nobody in workspaces where they review every task. Their own and their team's work
 * is never theirs to review.
 */
registerTodoSource('review', async (db, scope) => {
  const reviewingAll = [...scope.workspaces.values()]
    .filter((access) => can(access, 'review_tasks'))
    .map((access) => access.workspace.id);
  const named = sql`exists (select 1 from ${taskReviewers} r where r.task_id = ${tasks.id} and r.user_id = ${scope.userId})`;
  const nobodyNamed = sql`not exists (select 1 from ${taskReviewers} r where r.task_id = ${tasks.id})`;
  const rows = await db
    .select({ ...taskColumns, waiting: sql<number>`count(*)`.mapWith(Number) })
    .from(tasks)
    .innerJoin(taskAssignments, eq(taskAssignments.taskId, tasks.id))
    .innerJoin(workspaces, eq(workspaces.id, tasks.workspaceId))
    .where(
      and(
        inArray(tasks.workspaceId, [...scope.workspaces.keys()]),
        eq(tasks.status, 'open'),
        inArray(taskAssignments.status, ['submitted', 'resubmitted']),
        or(
          named,
          reviewingAll.length > 0
            ? and(nobodyNamed, inArray(tasks.workspaceId, reviewingAll))
            : undefined,
        ),
        sql`${taskAssignments.userId} is distinct from ${scope.userId}`,
        or(
          sql`${taskAssignments.teamId} is null`,
          notInArray(taskAssignments.teamId, teamsOfPerson(scope.userId)),
        ),
      ),
    )
    .groupBy(
      tasks.id,
      tasks.name,
      tasks.parentId,
      tasks.workspaceId,
      workspaces.name,
      tasks.expiredAt,
    );
  return rows.map((row) => itemOf('review', row, scope, { status: null, waiting: row.waiting }));
});
