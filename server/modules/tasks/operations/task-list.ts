import {
  and,
  count,
  eq,
  getTableColumns,
  inArray,
  isNull,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { taskListQuery, Task } from '@contracts/tasks';
import { can } from '../../../auth/permissions';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor, type WorkspaceAccess } from '../../../core/workspace-access';
import { pageOf, sortedBy } from '../../../db/list';
import { tasks, taskTags } from '../../../db/schema';
import { reportPermission } from '../policy';
import {
  presentLoadedTasks,
  taskRelatedColumns,
  viewerOf,
  workspaceFactsJson,
  workspaceFactsOf,
  type TaskWithRelated,
} from '../present';
import { submittedPercentageJoin, submittedPercentages, submittedPercentageSql } from '../progress';
import type { TasksDeps } from './deps';

type TaskListQuery = z.output<typeof taskListQuery>;

/** The top-level tasks of a workspace, with the tag `tagId` (a placeholder) when `tagged`. */
const listed = (workspaceId: SQL | Placeholder, tagged: boolean) =>
  and(
    eq(tasks.workspaceId, workspaceId),
    isNull(tasks.parentId),
    tagged
      ? inArray(
          tasks.id,
          sql`(select ${taskTags.taskId} from ${taskTags} where ${taskTags.tagId} = ${sql.placeholder('tagId')})`,
        )
      : undefined,
  );

/** What the task list reads once with its page: the workspace's people and teams, the counts. */
interface ListedOnce extends Record<string, unknown> {
  facts: Parameters<typeof workspaceFactsOf>[0];
  counts: Partial<Record<Task['status'], number>>;
}

/**
 * The task list of a workspace for the actor: the access is checked now; `key` and `changes`
 * say when a page read before may be served again (server/http/response-cache.ts): people open
 * and refetch the same list far more often than anyone changes it. What the page shows differs
 * per person and role (their units, what they may do). `read` reads the page.
 */
export async function openTaskList(
  deps: TasksDeps,
  actor: Actor,
  input: { workspaceId: number; query: TaskListQuery },
) {
  // The access was read with the session; the counts of each status and the workspace's
  // people and teams are read with the page: one query after the session.
  const access = await workspaceAccessFor(deps.db, actor, input.workspaceId, 'view_workspace');
  const key = [
    'tasks',
    access.workspace.id,
    access.userId,
    access.role,
    access.isSupervisor,
    JSON.stringify(input.query),
  ].join(':');
  return { key, changes: access.changes, read: () => readTaskPage(deps, access, input.query) };
}

async function readTaskPage(deps: TasksDeps, access: WorkspaceAccess, asked: TaskListQuery) {
  const { db } = deps;
  const { status, sort, direction, tag_id: tagId } = asked;
  const tagged = tagId !== undefined;
  const seesAllReports = can(access, reportPermission('task'));
  const workspaceId = sql.placeholder('workspaceId');
  const sortColumn = {
    name: () => sql`lower(${tasks.name})`,
    created_at: () => tasks.createdAt,
    started_at: () => tasks.startedAt,
    expired_at: () => tasks.expiredAt,
    submitted_percentage: () =>
      submittedPercentageSql({ userId: sql.placeholder('userId'), seesAllReports }),
  }[sort]();
  const page = await pageOf<TaskWithRelated, ListedOnce>(
    db,
    (total, keys) => {
      const query = db
        .select({ ...getTableColumns(tasks), list_total: total, ...keys })
        .from(tasks)
        .where(and(listed(workspaceId, tagged), eq(tasks.status, sql.placeholder('status'))))
        .$dynamic();
      return sort === 'submitted_percentage'
        ? query.leftJoin(submittedPercentages(workspaceId), submittedPercentageJoin)
        : query;
    },
    sortedBy(sortColumn, direction, tasks.id),
    asked,
    {
      perRow: () => ({
        as: 'tasks',
        columns: taskRelatedColumns(),
        once: {
          facts: workspaceFactsJson(sql`${workspaceId}`),
          counts: sql<ListedOnce['counts']>`(select coalesce(json_object_agg(status, n), '{}')
              from (${db
                .select({ status: tasks.status, n: count().as('n') })
                .from(tasks)
                .where(listed(workspaceId, tagged))
                .groupBy(tasks.status)}) as counted)`,
        },
      }),
      prepared: {
        shape: `tasks:${sort}:${direction}:${tagged}:${seesAllReports}`,
        values: { workspaceId: access.workspace.id, userId: access.userId, status, tagId },
      },
    },
  );
  const counts = { open: 0, closed: 0, archived: 0, ...page.once.counts };
  // Taken before the tasks are presented, so no deadline can pass unseen in between.
  const now = Date.now();
  const facts = workspaceFactsOf(page.once.facts, access.workspace, access.userId);
  const presented = presentLoadedTasks(
    page.rows,
    viewerOf(access),
    new Map([[access.workspace.id, facts]]),
  );
  return {
    page: { tasks: presented, counts, meta: page.meta },
    validUntil: nextOverdue(page.rows, now),
  };
}

/**
 * When the first open task of `rows` that was not overdue at `now` may have become overdue
 * (`is_overdue` turns true once its deadline is past).
 */
function nextOverdue(rows: readonly TaskWithRelated[], now: number): number | undefined {
  const deadlines = rows
    .filter((row) => row.status === 'open' && row.expiredAt !== null)
    .map((row) => row.expiredAt!.getTime())
    .filter((time) => time >= now);
  return deadlines.length > 0 ? Math.min(...deadlines) : undefined;
}
