import { and, eq, inArray, isNull, ne, notInArray } from 'drizzle-orm';
import type { UpdateTaskBody } from '@contracts/tasks';
import { can } from '../../../auth/permissions';
import type { AppDeps } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import {
  taskAssignments,
  taskFiles,
  taskKeyResults,
  taskReports,
  taskReviewers,
  tasks,
  taskTags,
  type TaskRow,
} from '../../../db/schema';
import { conflict, validationFailed, type MessageRef } from '../../../http/errors';
import { storageFor } from '../../../storage';
import { asChoices, choicesFor } from '../choices';
import {
  requireLive,
  requireRole,
  requireWorkspaceLive,
  subtaskIds,
  type TaskContext,
} from '../load';
import { deadlineChanged } from '../deadline-reminders';
import { notifyAboutTask } from '../notify';
import { track, trackByCaller } from '../tracking';
import { checkDates } from './create-task';
import { tagsExist } from '../../../core/workspace-ids';

const date = (value: string | null) => (value === null ? null : new Date(value));

/** Units that have handed something in keep their history: they cannot be removed. */
async function unitsWithWork(db: DbOrTx, unitIds: number[]) {
  if (unitIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: taskReports.assignmentId })
    .from(taskReports)
    .where(inArray(taskReports.assignmentId, unitIds));
  return rows.map((r) => r.id);
}

/**
 * Changes a task's information. Afterwards a task with no due date, or one in the future, is
 * open; one whose due date has passed goes to the closed ("previous") list (spec 4).
 */
export async function updateTask(db: DbOrTx, ctx: TaskContext, body: UpdateTaskBody) {
  requireRole(ctx, 'manage');
  requireLive(ctx);
  const { task } = ctx;
  const startedAt = body.started_at === undefined ? task.startedAt : date(body.started_at);
  const expiredAt = body.expired_at === undefined ? task.expiredAt : date(body.expired_at);
  const problems: Record<string, MessageRef[]> = { ...checkDates(startedAt, expiredAt) };
  const units = await db.select().from(taskAssignments).where(eq(taskAssignments.taskId, task.id));
  let addTeams: number[] = [];
  let removeUnits: number[] = [];
  if (body.team_ids !== undefined || body.reviewer_ids !== undefined) {
    const teamIds = body.team_ids ?? units.flatMap((u) => (u.teamId === null ? [] : [u.teamId]));
    const choices = asChoices(await choicesFor(db, task), teamIds);
    if (body.team_ids !== undefined) {
      const current = new Map(units.filter((u) => u.teamId !== null).map((u) => [u.teamId!, u.id]));
      addTeams = [...new Set(body.team_ids)].filter((id) => !current.has(id));
      removeUnits = [...current]
        .filter(([teamId]) => !body.team_ids!.includes(teamId))
        .map(([, id]) => id);
      if (addTeams.some((id) => !choices.teamIds.has(id))) {
        problems.team_ids = [{ key: 'tasks:messages.team_not_assignable' }];
      }
    }
    if (body.reviewer_ids !== undefined) {
      const assigned = new Set(units.flatMap((u) => (u.userId === null ? [] : [u.userId])));
      if (body.reviewer_ids.some((id) => !choices.reviewerIds.has(id))) {
        problems.reviewer_ids = [{ key: 'tasks:messages.reviewer_not_allowed' }];
      } else if (
        body.reviewer_ids.some((id) => assigned.has(id) || choices.teamMemberIds!.has(id))
      ) {
        problems.reviewer_ids = [{ key: 'tasks:messages.reviewer_is_assignee' }];
      }
    }
  }
  if (Object.keys(problems).length) throw validationFailed(problems);
  if ((await unitsWithWork(db, removeUnits)).length) throw conflict('tasks:messages.unit_has_work');

  const now = new Date();
  const status = expiredAt === null || expiredAt > now ? 'open' : 'closed';
  const changed = Object.keys(body);
  await db.transaction(async (tx) => {
    await tx
      .update(tasks)
      .set({
        name: body.name,
        description: body.description,
        startedAt,
        expiredAt,
        status,
        closedAt: status === 'closed' ? (task.closedAt ?? now) : null,
        updatedAt: now,
      })
      .where(eq(tasks.id, task.id));
    if (expiredAt?.getTime() !== task.expiredAt?.getTime()) {
      await deadlineChanged(tx, { id: task.id, expiredAt });
    }
    if (body.reviewer_ids !== undefined) {
      await tx.delete(taskReviewers).where(eq(taskReviewers.taskId, task.id));
      const reviewerIds = [...new Set(body.reviewer_ids)];
      if (reviewerIds.length) {
        await tx
          .insert(taskReviewers)
          .values(reviewerIds.map((userId) => ({ taskId: task.id, userId })));
      }
    }
    if (removeUnits.length)
      await tx.delete(taskAssignments).where(inArray(taskAssignments.id, removeUnits));
    if (addTeams.length) {
      await tx
        .insert(taskAssignments)
        .values(addTeams.map((teamId) => ({ taskId: task.id, teamId })));
    }
    await track(tx, {
      taskId: task.id,
      actorId: ctx.userId,
      action: 'updated',
      details: { fields: changed, status },
    });
  });
}

export async function setColor(db: DbOrTx, ctx: TaskContext, color: string) {
  requireRole(ctx, 'manage');
  requireLive(ctx);
  await db.transaction(async (tx) => {
    await tx
      .update(tasks)
      .set({ schema: { ...ctx.task.schema, color }, updatedAt: new Date() })
      .where(eq(tasks.id, ctx.task.id));
    await trackByCaller(tx, ctx, 'color_changed', {
      details: { color },
    });
  });
}

export async function setTags(db: DbOrTx, ctx: TaskContext, tagIds: number[]) {
  requireRole(ctx, 'manage');
  requireLive(ctx);
  const unique = [...new Set(tagIds)];
  if (unique.length && !(await tagsExist(db, ctx.task.workspaceId, 'task', unique))) {
    throw validationFailed({ tag_ids: 'tasks:messages.tag_unknown' });
  }
  await db.transaction(async (tx) => {
    await tx.delete(taskTags).where(eq(taskTags.taskId, ctx.task.id));
    if (unique.length)
      await tx.insert(taskTags).values(unique.map((tagId) => ({ taskId: ctx.task.id, tagId })));
    await trackByCaller(tx, ctx, 'tags_changed', {
      details: { tag_ids: unique },
    });
  });
}

/** Stores which key results the task serves; the OKR module resolves them. */
export async function linkKeyResults(db: DbOrTx, ctx: TaskContext, keyResultIds: number[]) {
  requireRole(ctx, 'manage');
  requireLive(ctx);
  const unique = [...new Set(keyResultIds)];
  await db.transaction(async (tx) => {
    await tx.delete(taskKeyResults).where(eq(taskKeyResults.taskId, ctx.task.id));
    if (unique.length) {
      await tx
        .insert(taskKeyResults)
        .values(unique.map((keyResultId) => ({ taskId: ctx.task.id, keyResultId })));
    }
    await trackByCaller(tx, ctx, 'key_results_linked', {
      details: { key_result_ids: unique },
    });
  });
}

export async function assignUser(db: DbOrTx, ctx: TaskContext, userId: number) {
  requireRole(ctx, 'manage');
  requireLive(ctx);
  const choices = asChoices(await choicesFor(db, ctx.task), []);
  if (!choices.userIds.has(userId))
    throw validationFailed({ user: 'tasks:messages.user_not_assignable' });
  const [reviewer] = await db
    .select()
    .from(taskReviewers)
    .where(and(eq(taskReviewers.taskId, ctx.task.id), eq(taskReviewers.userId, userId)));
  if (reviewer) throw conflict('tasks:messages.reviewer_is_assignee');
  await db.transaction(async (tx) => {
    const [unit] = await tx
      .insert(taskAssignments)
      .values({ taskId: ctx.task.id, userId })
      .onConflictDoNothing()
      .returning();
    if (!unit) throw conflict('tasks:messages.already_assigned');
    await trackByCaller(tx, ctx, 'assigned', {
      assignmentId: unit.id,
      details: { user_id: userId },
    });
    await notifyAboutTask(tx, ctx.task, 'task_assigned', [userId], ctx.userId);
  });
}

export async function unassignUser(db: DbOrTx, ctx: TaskContext, userId: number) {
  requireRole(ctx, 'manage');
  requireLive(ctx);
  const [unit] = await db
    .select()
    .from(taskAssignments)
    .where(and(eq(taskAssignments.taskId, ctx.task.id), eq(taskAssignments.userId, userId)));
  if (!unit) throw validationFailed({ user: 'tasks:messages.not_assigned' });
  if ((await unitsWithWork(db, [unit.id])).length) throw conflict('tasks:messages.unit_has_work');
  await db.transaction(async (tx) => {
    await tx.delete(taskAssignments).where(eq(taskAssignments.id, unit.id));
    await trackByCaller(tx, ctx, 'unassigned', {
      details: { user_id: userId },
    });
  });
}

export async function archiveTask(db: DbOrTx, ctx: TaskContext) {
  requireRole(ctx, 'manage');
  requireWorkspaceLive(ctx);
  if (ctx.task.status === 'archived') throw conflict('tasks:messages.archived');
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(tasks)
      .set({
        status: 'archived',
        statusBeforeArchive: ctx.task.status as 'open' | 'closed',
        archivedAt: now,
        updatedAt: now,
      })
      .where(eq(tasks.id, ctx.task.id));
    await trackByCaller(tx, ctx, 'archived');
  });
}

/** Back to the list it was archived from, with everything it had. */
export async function restoreTask(db: DbOrTx, ctx: TaskContext) {
  requireRole(ctx, 'manage');
  requireWorkspaceLive(ctx);
  if (ctx.task.status !== 'archived') throw conflict('tasks:messages.not_archived');
  await db.transaction(async (tx) => {
    await tx
      .update(tasks)
      .set({
        status: ctx.task.statusBeforeArchive ?? 'open',
        statusBeforeArchive: null,
        archivedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(tasks.id, ctx.task.id));
    await trackByCaller(tx, ctx, 'restored');
  });
}

/** Deletes the task with its subtasks and work, then their files from storage. */
export async function deleteTask(deps: AppDeps, ctx: TaskContext) {
  requireRole(ctx, 'manage');
  requireWorkspaceLive(ctx);
  const { db } = deps;
  const keys = await db.transaction(async (tx) => {
    const ids = [ctx.task.id, ...(await subtaskIds(tx, [ctx.task.id]))];
    const files = await tx
      .select({ key: taskFiles.storageKey })
      .from(taskFiles)
      .where(inArray(taskFiles.taskId, ids));
    await tx.delete(tasks).where(eq(tasks.id, ctx.task.id));
    return files.map((f) => f.key);
  });
  await storageFor(deps.config).remove(keys);
}

/** Top-level tasks this one can go under, or this subtask can move to (same workspace). */
export async function moveTargets(db: DbOrTx, ctx: TaskContext) {
  const { task } = ctx;
  const rows = await db
    .select({ id: tasks.id, name: tasks.name, type: tasks.type, createdBy: tasks.createdBy })
    .from(tasks)
    .where(
      and(
        eq(tasks.workspaceId, task.workspaceId),
        isNull(tasks.parentId),
        ne(tasks.status, 'archived'),
        notInArray(tasks.id, [task.id, task.parentId ?? task.id]),
      ),
    )
    .orderBy(tasks.name, tasks.id);
  return rows.filter((row) => managesTarget(ctx, row)).map(({ id, name }) => ({ id, name }));
}

function managesTarget(ctx: TaskContext, target: Pick<TaskRow, 'type' | 'createdBy'>) {
  if (can(ctx.access, 'manage_tasks')) return true;
  return target.type === 'member' && target.createdBy === ctx.userId;
}

async function loadTarget(db: DbOrTx, ctx: TaskContext, targetId: number) {
  const targets = await moveTargets(db, ctx);
  if (!targets.some((t) => t.id === targetId)) {
    throw validationFailed({ task_id: 'tasks:messages.cannot_move_there' });
  }
}

/** Puts the task under another task, or at the top (null). */
function setParent(tx: DbOrTx, ctx: TaskContext, parentId: number | null) {
  return tx.update(tasks).set({ parentId, updatedAt: new Date() }).where(eq(tasks.id, ctx.task.id));
}

/** Spec 4: a task turned into a subtask of another task. Only tasks without subtasks can. */
export async function changeTaskToSubtask(db: DbOrTx, ctx: TaskContext, targetId: number) {
  requireRole(ctx, 'manage');
  requireLive(ctx);
  if ((await subtaskIds(db, [ctx.task.id])).length) throw conflict('tasks:messages.has_subtasks');
  await loadTarget(db, ctx, targetId);
  await db.transaction(async (tx) => {
    await setParent(tx, ctx, targetId);
    await track(tx, [
      {
        taskId: ctx.task.id,
        actorId: ctx.userId,
        action: 'made_subtask',
        details: { parent_id: targetId },
      },
      {
        taskId: targetId,
        actorId: ctx.userId,
        action: 'subtask_created',
        details: { subtask_id: ctx.task.id, name: ctx.task.name },
      },
    ]);
  });
}

export async function changeSubtaskToTask(db: DbOrTx, ctx: TaskContext) {
  requireRole(ctx, 'manage');
  requireLive(ctx);
  await db.transaction(async (tx) => {
    await setParent(tx, ctx, null);
    await trackByCaller(tx, ctx, 'made_task', {
      details: { former_parent_id: ctx.task.parentId },
    });
  });
}

export async function moveToAnotherTask(db: DbOrTx, ctx: TaskContext, targetId: number) {
  requireRole(ctx, 'manage');
  requireLive(ctx);
  await loadTarget(db, ctx, targetId);
  await db.transaction(async (tx) => {
    await setParent(tx, ctx, targetId);
    await trackByCaller(tx, ctx, 'moved', {
      details: { from: ctx.task.parentId, to: targetId },
    });
  });
}
