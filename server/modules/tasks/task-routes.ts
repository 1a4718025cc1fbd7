import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNull,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { z } from 'zod';
import { envelope, idParam } from '@contracts/common';
import {
  createTaskByMemberBody,
  createTaskByOwnerBody,
  people,
  reviewerChoices as reviewerChoicesSchema,
  taskItems,
  taskList,
  taskListQuery,
  taskResource,
  taskSearchQuery,
  teamsList,
  type Task,
} from '@contracts/tasks';
import { type Person } from '@contracts/people';
import { requireAuth } from '../../auth/guard';
import { can } from '../../auth/permissions';
import { pageOf, sortedBy } from '../../db/list';
import { tasks, taskTags, workspaceMembers } from '../../db/schema';
import { ok } from '../../http/envelope';
import { validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import {
  loadWorkspaceAccess,
  requireWorkspacePermission,
  type WorkspaceAccess,
} from '../../core/workspace-access';
import { asChoices, choicesFor, defaultReviewerIds } from './choices';
import { requireWorkspaceLive } from './load';
import { createTask, validateNewTask } from './operations/create-task';
import { announceTaskChange } from './notify';
import { countPeopleWithoutTeam, teamOf } from './people';
import { reportPermission } from './policy';
import {
  presentLoadedTasks,
  presentTasks,
  taskRelatedColumns,
  viewerOf,
  workspaceFactsJson,
  workspaceFactsOf,
  type TaskWithRelated,
} from './present';
import { submittedPercentageJoin, submittedPercentages, submittedPercentageSql } from './progress';
import { freshTask } from './shared';

const tags = ['tasks'];

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

export default async function taskRoutes(app: App) {
  const { db, keptAnswers } = app.deps;

  app.get(
    '/workspaces/:id/tasks',
    {
      schema: {
        tags,
        summary: 'Tasks of a workspace by status, with the counts of each status',
        params: idParam,
        querystring: taskListQuery,
        response: { 200: envelope(taskList) },
      },
    },
    async (request, reply) => {
      // The access was read with the session; the counts of each status and the workspace's
      // people and teams are read with the page: one query after the session.
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_workspace',
      );
      // Pages served again while their workspace has had no change (server/http/response-cache.ts):
      // people open and refetch the same list far more often than anyone changes it. What the
      // page shows differs per person and role (their units, what they may do).
      const key = [
        'tasks',
        access.workspace.id,
        access.userId,
        access.role,
        access.isSupervisor,
        JSON.stringify(request.query),
      ].join(':');
      return keptAnswers.answer(reply, key, access.changes, () =>
        readTaskPage(access, request.query),
      );
    },
  );

  async function readTaskPage(access: WorkspaceAccess, asked: z.infer<typeof taskListQuery>) {
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
      body: ok({ tasks: presented, counts, meta: page.meta }),
      validUntil: nextOverdue(page.rows, now),
    };
  }

  app.get(
    '/tasks/search',
    {
      schema: {
        tags,
        summary: 'Tasks and subtasks by name, in the workspaces the caller belongs to',
        querystring: taskSearchQuery,
        response: { 200: envelope(taskItems) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { q, workspace_id: workspaceId } = request.query;
      const memberships = await db
        .select({ workspaceId: workspaceMembers.workspaceId })
        .from(workspaceMembers)
        .where(
          and(
            eq(workspaceMembers.userId, user.id),
            workspaceId === undefined ? undefined : eq(workspaceMembers.workspaceId, workspaceId),
          ),
        );
      const accessList = (
        await Promise.all(memberships.map((m) => loadWorkspaceAccess(db, m.workspaceId, user)))
      ).filter((a): a is WorkspaceAccess => a !== null && a.permissions.includes('view_workspace'));
      if (accessList.length === 0) return ok({ tasks: [] });
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select()
        .from(tasks)
        .where(
          and(
            inArray(
              tasks.workspaceId,
              accessList.map((a) => a.workspace.id),
            ),
            ilike(tasks.name, pattern),
          ),
        )
        .orderBy(asc(tasks.name), asc(tasks.id))
        .limit(30);
      const viewer = {
        userId: user.id,
        access: new Map(accessList.map((a) => [a.workspace.id, a])),
      };
      return ok({ tasks: await presentTasks(db, rows, viewer) });
    },
  );

  const creation = { params: idParam, response: { 201: envelope(taskResource) } };

  app.post(
    '/workspaces/:id/tasks-by-owner',
    {
      schema: {
        tags,
        summary: 'A task set by an owner or admin, for people and teams',
        ...creation,
        body: createTaskByOwnerBody,
      },
    },
    async (request, reply) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'create_task',
      );
      const body = request.body;
      const scope = ownerScope(access);
      const task = await createWithChoices(access, scope, body, body.user_ids, body.team_ids);
      return reply.status(201).send(ok({ task }, 'tasks:messages.created'));
    },
  );

  app.post(
    '/workspaces/:id/tasks-by-member',
    {
      schema: {
        tags,
        summary: "A member's own task, for themselves or their team",
        ...creation,
        body: createTaskByMemberBody,
      },
    },
    async (request, reply) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'create_task_as_member',
      );
      const body = request.body;
      const scope = { ...ownerScope(access), type: 'member' as const };
      let userIds = [access.userId];
      let teamIds: number[] = [];
      if (body.for_my_team) {
        const team = await teamOf(db, access.workspace.id, access.userId);
        if (team === null) throw validationFailed({ for_my_team: 'tasks:messages.no_team' });
        userIds = [];
        teamIds = [team];
      }
      const task = await createWithChoices(access, scope, body, userIds, teamIds);
      return reply.status(201).send(ok({ task }, 'tasks:messages.created'));
    },
  );

  async function createWithChoices(
    access: WorkspaceAccess,
    scope: Parameters<typeof choicesFor>[1],
    body: z.infer<typeof createTaskByOwnerBody> | z.infer<typeof createTaskByMemberBody>,
    userIds: number[],
    teamIds: number[],
  ): Promise<Task> {
    requireWorkspaceLive({ access });
    const choices = await choicesFor(db, scope);
    const draft = {
      ...scope,
      draft: body,
      userIds,
      teamIds,
      reviewerIds: body.reviewer_ids ?? defaultReviewerIds(choices, userIds, teamIds),
    };
    await validateNewTask(db, draft, asChoices(choices, teamIds));
    const row = await db.transaction((tx) => createTask(tx, draft));
    announceTaskChange(app.deps, row);
    return freshTask(db, { access }, row.id);
  }

  const workspaceLookup = (summary: string) => ({
    tags,
    summary,
    params: idParam,
  });

  app.get(
    '/workspaces/:id/selectable-users',
    {
      schema: {
        ...workspaceLookup('People a task can be given to'),
        response: { 200: envelope(people) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'create_task',
      );
      const choices = await choicesFor(db, ownerScope(access));
      return ok({ users: choices.users });
    },
  );

  app.get(
    '/workspaces/:id/selectable-teams',
    {
      schema: {
        ...workspaceLookup('Teams a task can be given to'),
        response: { 200: envelope(teamsList) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'create_task_as_member',
      );
      const [choices, withoutTeam] = await Promise.all([
        choicesFor(db, creatorScope(access)),
        countPeopleWithoutTeam(db, access.workspace.id),
      ]);
      return ok({ teams: choices.teams, users_dont_have_team_count: withoutTeam });
    },
  );

  app.get(
    '/workspaces/:id/selectable-users-for-reviewers',
    {
      schema: {
        ...workspaceLookup('People who may review tasks, and the default reviewers'),
        response: { 200: envelope(reviewerChoicesSchema) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'create_task_as_member',
      );
      const choices = await choicesFor(db, creatorScope(access));
      // A member's own task is reviewed by someone else.
      const others = (list: Person[]) =>
        can(access, 'create_task') ? list : list.filter((p) => p.id !== access.userId);
      return ok({
        all_reviewers: others(choices.allReviewers),
        default_reviewers: others(choices.defaultReviewers),
      });
    },
  );
}

function ownerScope(access: WorkspaceAccess) {
  return {
    workspaceId: access.workspace.id,
    type: 'owner' as const,
    createdBy: access.userId,
    parentId: null,
  };
}

/** What the caller could make: a manager's task, or a member's own. */
function creatorScope(access: WorkspaceAccess) {
  return can(access, 'create_task')
    ? ownerScope(access)
    : { ...ownerScope(access), type: 'member' as const };
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
