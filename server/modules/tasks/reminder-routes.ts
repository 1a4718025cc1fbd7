import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { emptyResource, envelope } from '@contracts/common';
import {
  deadlines,
  deadlinesQuery,
  myWorkQuery,
  reminderSettingBody,
  reminders,
  taskItems,
  todoList,
  todoQuery,
} from '@contracts/tasks';
import { requireAuth } from '../../auth/guard';
import { can } from '../../auth/permissions';
import { reminderSettings, taskAssignments, tasks, workspaces } from '../../db/schema';
import { ok } from '../../http/envelope';
import { forbidden, notFound, validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import {
  loadWorkspaceAccess,
  requireWorkspacePermission,
  type WorkspaceAccess,
} from '../../core/workspace-access';
import { kindOf } from './load';
import { presentTasks } from './present';
import { reminderSource, remindersFor } from '../../core/reminder-sources';
import { todoFor } from '../../core/todo-sources';
import { pendingWorkOf } from './reminders';

/** Spec 7.16 (reminders and deadlines) and the my-work list (2.6). */
export default async function reminderRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/reminder/assessment-task',
    {
      schema: {
        tags: ['reminders'],
        summary: 'Overdue, then upcoming work of the caller, without what they set aside',
        response: { 200: envelope(reminders) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const now = new Date();
      const [assessments, taskReminders] = await Promise.all([
        remindersFor(db, user.id, 'assessment', now),
        remindersFor(db, user.id, 'task', now),
      ]);
      return ok({ assessments, tasks: taskReminders });
    },
  );

  app.post(
    '/reminder/update-setting',
    {
      schema: {
        tags: ['reminders'],
        summary: 'Set a reminder aside for good, or until snoozed_until',
        body: reminderSettingBody,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const body = request.body;
      const source = reminderSource(body.is);
      if (!source || !(await source.concerns(db, user.id, body.id))) {
        throw notFound('tasks:messages.reminder_not_found');
      }
      const snoozedUntil = body.snoozed_until ? new Date(body.snoozed_until) : null;
      if (snoozedUntil && snoozedUntil <= new Date()) {
        throw validationFailed({ snoozed_until: 'tasks:messages.snooze_in_past' });
      }
      await db
        .insert(reminderSettings)
        .values({ userId: user.id, referenceType: body.is, referenceId: body.id, snoozedUntil })
        .onConflictDoUpdate({
          target: [
            reminderSettings.userId,
            reminderSettings.referenceType,
            reminderSettings.referenceId,
          ],
          set: { snoozedUntil, updatedAt: new Date() },
        });
      return ok({}, 'tasks:messages.reminder_saved');
    },
  );

  app.get(
    '/dashboard/deadlines',
    {
      schema: {
        tags: ['reminders'],
        summary: "Due dates of a person's unfinished work: overdue first, then upcoming",
        querystring: deadlinesQuery,
        response: { 200: envelope(deadlines) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { workspace_id: workspaceId, user_id: userId = user.id } = request.query;
      if (workspaceId !== undefined) {
        const access = await requireWorkspacePermission(request, db, workspaceId, 'view_workspace');
        // Someone else's deadlines are part of their submission report.
        if (userId !== user.id && !can(access, 'view_task_submission_report')) throw forbidden();
      } else if (userId !== user.id) {
        throw validationFailed({ workspace_id: 'common:validation.required' });
      }
      const rows = await db
        .selectDistinct({
          id: tasks.id,
          name: tasks.name,
          parentId: tasks.parentId,
          workspaceId: tasks.workspaceId,
          workspaceName: workspaces.name,
          expiredAt: tasks.expiredAt,
          status: taskAssignments.status,
        })
        .from(tasks)
        .innerJoin(taskAssignments, eq(taskAssignments.taskId, tasks.id))
        .innerJoin(workspaces, eq(workspaces.id, tasks.workspaceId))
        .where(
          and(
            pendingWorkOf(userId, ['todo', 'returned', 'submitted', 'resubmitted']),
            isNotNull(tasks.expiredAt),
            workspaceId === undefined ? undefined : eq(tasks.workspaceId, workspaceId),
          ),
        )
        .orderBy(asc(tasks.expiredAt), asc(tasks.id));
      const now = new Date();
      return ok({
        deadlines: rows.map((row) => ({
          id: row.id,
          name: row.name,
          kind: kindOf(row),
          parent_id: row.parentId,
          workspace_id: row.workspaceId,
          workspace_name: row.workspaceName,
          expired_at: row.expiredAt!.toISOString(),
          is_overdue: row.expiredAt! < now,
          status: row.status,
        })),
      });
    },
  );

  app.get(
    '/my-work/todo',
    {
      schema: {
        tags: ['tasks'],
        summary:
          'What the caller has to do: work to hand in or review, 360s to answer, check-ins; due soonest first, undated last',
        querystring: todoQuery,
        response: { 200: envelope(todoList) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const workspaceId = request.query.workspace_id;
      // One workspace: its access rules answer (404 outside it, 403 without access).
      if (workspaceId !== undefined) {
        await requireWorkspacePermission(request, db, workspaceId, 'view_workspace');
      }
      return ok({ items: await todoFor(db, user, { workspaceId }) });
    },
  );

  app.get(
    '/my-work',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Open work assigned to the caller across workspaces, due soonest first',
        querystring: myWorkQuery,
        response: { 200: envelope(taskItems) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const workspaceId = request.query.workspace_id;
      const rows = await db
        .selectDistinct({ task: tasks })
        .from(tasks)
        .innerJoin(taskAssignments, eq(taskAssignments.taskId, tasks.id))
        .where(
          and(
            pendingWorkOf(user.id, ['todo', 'returned', 'submitted', 'resubmitted']),
            workspaceId === undefined ? undefined : eq(tasks.workspaceId, workspaceId),
          ),
        )
        .orderBy(sql`${tasks.expiredAt} asc nulls last`, asc(tasks.id));
      const workspaceIds = [...new Set(rows.map((r) => r.task.workspaceId))];
      const accessList = (
        await Promise.all(workspaceIds.map((id) => loadWorkspaceAccess(db, id, user)))
      ).filter((a): a is WorkspaceAccess => a !== null && can(a, 'view_workspace'));
      const access = new Map(accessList.map((a) => [a.workspace.id, a]));
      const visible = rows.map((r) => r.task).filter((t) => access.has(t.workspaceId));
      return ok({ tasks: await presentTasks(db, visible, { userId: user.id, access }) });
    },
  );
}
