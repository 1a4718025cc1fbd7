import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { reminderSettingBody } from '@contracts/tasks';
import { can } from '../../../auth/permissions';
import type { Actor } from '../../../core/actor';
import { reminderSource, remindersFor } from '../../../core/reminder-sources';
import { todoFor } from '../../../core/todo-sources';
import {
  loadWorkspaceAccess,
  workspaceAccessFor,
  type WorkspaceAccess,
} from '../../../core/workspace-access';
import { reminderSettings, taskAssignments, tasks, workspaces } from '../../../db/schema';
import { forbidden, notFound, validationFailed } from '../../../http/errors';
import { kindOf } from '../load';
import { presentTasks } from '../present';
import { pendingWorkOf } from '../reminders';
import { taskColumns } from '../todo';
import type { TasksDeps } from './deps';

/** What is still to hand in, reviewed or not: the work a person's lists show. */
const UNFINISHED = ['todo', 'returned', 'submitted', 'resubmitted'] as const;

/** The actor's overdue, then upcoming work, without what they set aside. */
export async function listReminders(deps: TasksDeps, actor: Actor) {
  const now = new Date();
  const [assessments, taskReminders] = await Promise.all([
    remindersFor(deps.db, actor.userId, 'assessment', now),
    remindersFor(deps.db, actor.userId, 'task', now),
  ]);
  return { assessments, tasks: taskReminders };
}

/** Sets a reminder of the actor's aside for good, or until `snoozed_until`. */
export async function setReminderAside(
  deps: TasksDeps,
  actor: Actor,
  input: z.output<typeof reminderSettingBody>,
) {
  const { db } = deps;
  const source = reminderSource(input.is);
  if (!source || !(await source.concerns(db, actor.userId, input.id))) {
    throw notFound('tasks:messages.reminder_not_found');
  }
  const snoozedUntil = input.snoozed_until ? new Date(input.snoozed_until) : null;
  if (snoozedUntil && snoozedUntil <= new Date()) {
    throw validationFailed({ snoozed_until: 'tasks:messages.snooze_in_past' });
  }
  await db
    .insert(reminderSettings)
    .values({ userId: actor.userId, referenceType: input.is, referenceId: input.id, snoozedUntil })
    .onConflictDoUpdate({
      target: [
        reminderSettings.userId,
        reminderSettings.referenceType,
        reminderSettings.referenceId,
      ],
      set: { snoozedUntil, updatedAt: new Date() },
    });
}

/**
 * Due dates of a person's unfinished work, overdue first: the actor's own, or in a workspace
 * someone else's for those who read its submission report.
 */
export async function listDeadlines(
  deps: TasksDeps,
  actor: Actor,
  input: { workspaceId?: number; userId?: number },
) {
  const { db } = deps;
  const { workspaceId, userId = actor.userId } = input;
  if (workspaceId !== undefined) {
    const access = await workspaceAccessFor(db, actor, workspaceId, 'view_workspace');
    // Someone else's deadlines are part of their submission report.
    if (userId !== actor.userId && !can(access, 'view_task_submission_report')) throw forbidden();
  } else if (userId !== actor.userId) {
    throw validationFailed({ workspace_id: 'common:validation.required' });
  }
  const rows = await db
    .selectDistinct({ ...taskColumns, status: taskAssignments.status })
    .from(tasks)
    .innerJoin(taskAssignments, eq(taskAssignments.taskId, tasks.id))
    .innerJoin(workspaces, eq(workspaces.id, tasks.workspaceId))
    .where(
      and(
        pendingWorkOf(userId, [...UNFINISHED]),
        isNotNull(tasks.expiredAt),
        workspaceId === undefined ? undefined : eq(tasks.workspaceId, workspaceId),
      ),
    )
    .orderBy(asc(tasks.expiredAt), asc(tasks.id));
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: kindOf(row),
    parent_id: row.parentId,
    workspace_id: row.workspaceId,
    workspace_name: row.workspaceName,
    expired_at: row.expiredAt!.toISOString(),
    is_overdue: row.expiredAt! < now,
    status: row.status,
  }));
}

/** What the actor has to do, everywhere or in one workspace (whose access rules answer). */
export async function listTodo(deps: TasksDeps, actor: Actor, input: { workspaceId?: number }) {
  if (input.workspaceId !== undefined) {
    await workspaceAccessFor(deps.db, actor, input.workspaceId, 'view_workspace');
  }
  return todoFor(
    deps.db,
    { id: actor.userId, role: actor.role },
    { workspaceId: input.workspaceId },
  );
}

/** Open work assigned to the actor across the workspaces they may see, due soonest first. */
export async function listMyWork(deps: TasksDeps, actor: Actor, input: { workspaceId?: number }) {
  const { db } = deps;
  const user = { id: actor.userId, role: actor.role };
  const rows = await db
    .selectDistinct({ task: tasks })
    .from(tasks)
    .innerJoin(taskAssignments, eq(taskAssignments.taskId, tasks.id))
    .where(
      and(
        pendingWorkOf(user.id, [...UNFINISHED]),
        input.workspaceId === undefined ? undefined : eq(tasks.workspaceId, input.workspaceId),
      ),
    )
    .orderBy(sql`${tasks.expiredAt} asc nulls last`, asc(tasks.id));
  const workspaceIds = [...new Set(rows.map((r) => r.task.workspaceId))];
  const accessList = (
    await Promise.all(workspaceIds.map((id) => loadWorkspaceAccess(db, id, user)))
  ).filter((a): a is WorkspaceAccess => a !== null && can(a, 'view_workspace'));
  const access = new Map(accessList.map((a) => [a.workspace.id, a]));
  const visible = rows.map((r) => r.task).filter((t) => access.has(t.workspaceId));
  return presentTasks(db, visible, { userId: user.id, access });
}
