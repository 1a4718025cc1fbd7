import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { TaskAbilities } from '@contracts/tasks';
import type { DbOrTx } from '../../db/client';
import {
  taskAssignments,
  taskReviewers,
  tasks,
  type TaskAssignmentRow,
  type TaskRow,
} from '../../db/schema';
import { conflict, forbidden, notFound, validationFailed } from '../../http/errors';
import type { Actor } from '../../core/actor';
import { workspaceAccessFor, type WorkspaceAccess } from '../../core/workspace-access';
import { teamOf } from './people';
import { taskAbilities, taskRoles, type TaskFacts, type TaskRoles } from './policy';

export type TaskKind = 'task' | 'subtask';

export interface TaskContext {
  task: TaskRow;
  kind: TaskKind;
  access: WorkspaceAccess;
  userId: number;
  myTeamId: number | null;
  /** The caller's own units on this task. */
  units: TaskAssignmentRow[];
  isReviewer: boolean;
  hasReviewers: boolean;
  roles: TaskRoles;
  abilities: TaskAbilities;
}

export const kindOf = (task: Pick<TaskRow, 'parentId'>): TaskKind =>
  task.parentId === null ? 'task' : 'subtask';

export function taskFacts(task: TaskRow, hasReviewers: boolean): TaskFacts {
  return {
    kind: kindOf(task),
    type: task.type,
    status: task.status,
    createdBy: task.createdBy,
    hasReviewers,
  };
}

/** The units a person works in: their own, and their team's. */
export function unitsOf(userId: number, teamId: number | null): SQL {
  const mine = eq(taskAssignments.userId, userId);
  return teamId === null ? mine : (or(mine, eq(taskAssignments.teamId, teamId)) as SQL);
}

/**
 * Loads a task (or subtask) for the caller: 401 signed out, 404 when it does not exist, is of
 * the other kind, or is in a workspace the caller is not in; 403 for members without access.
 */
export async function loadTask(
  db: DbOrTx,
  actor: Actor,
  id: number,
  kind: TaskKind,
): Promise<TaskContext> {
  const user = { id: actor.userId };
  const [task] = await db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
  if (!task || kindOf(task) !== kind) throw notFound(`tasks:messages.${kind}_not_found`);
  const access = await workspaceAccessFor(db, actor, task.workspaceId, 'view_workspace');
  const [reviewerRows, myTeamId] = await Promise.all([
    db
      .select({ userId: taskReviewers.userId })
      .from(taskReviewers)
      .where(eq(taskReviewers.taskId, id)),
    teamOf(db, task.workspaceId, user.id),
  ]);
  const units = await db
    .select()
    .from(taskAssignments)
    .where(and(eq(taskAssignments.taskId, id), unitsOf(user.id, myTeamId)))
    .orderBy(taskAssignments.id);
  const isReviewer = reviewerRows.some((r) => r.userId === user.id);
  const facts = taskFacts(task, reviewerRows.length > 0);
  const viewer = { ...access, isReviewer, units };
  return {
    task,
    kind,
    access,
    userId: user.id,
    myTeamId,
    units,
    isReviewer,
    hasReviewers: reviewerRows.length > 0,
    roles: taskRoles(facts, viewer),
    abilities: taskAbilities(facts, viewer),
  };
}

export function requireRole(ctx: TaskContext, role: keyof TaskRoles) {
  if (!ctx.roles[role]) throw forbidden();
}

/**
 * Changes are refused on archived tasks until they are restored, and on everything in an
 * archived workspace (read-only until restored, as the workspaces module has it).
 */
export function requireLive(ctx: TaskContext) {
  requireWorkspaceLive(ctx);
  if (ctx.task.status === 'archived') throw conflict('tasks:messages.archived');
}

export function requireWorkspaceLive(ctx: Pick<TaskContext, 'access'>) {
  if (ctx.access.workspace.status === 'archived') {
    throw conflict('workspaces:messages.archived_read_only');
  }
}

/** Work is handed in only while the task is open. */
export function requireOpen(ctx: TaskContext) {
  requireLive(ctx);
  if (ctx.task.status !== 'open') throw conflict('tasks:messages.closed');
}

/** The caller's unit an action is about: the one named, or their only one. */
export function pickUnit(
  units: readonly TaskAssignmentRow[],
  assignmentId: number | undefined,
): TaskAssignmentRow {
  if (assignmentId !== undefined) {
    const unit = units.find((u) => u.id === assignmentId);
    if (!unit) throw validationFailed({ assignment_id: 'tasks:messages.unit_unknown' });
    return unit;
  }
  if (units.length === 1) return units[0];
  if (units.length === 0) throw forbidden();
  throw validationFailed({ assignment_id: 'tasks:messages.unit_required' });
}

/** Any unit of the task, for reviewers and managers. */
export async function findUnit(db: DbOrTx, taskId: number, assignmentId: number) {
  const [unit] = await db
    .select()
    .from(taskAssignments)
    .where(and(eq(taskAssignments.taskId, taskId), eq(taskAssignments.id, assignmentId)))
    .limit(1);
  if (!unit) throw validationFailed({ assignment_id: 'tasks:messages.unit_unknown' });
  return unit;
}

/** Subtasks of the given tasks (ids), for operations that carry them along. */
export async function subtaskIds(db: DbOrTx, parentIds: number[]): Promise<number[]> {
  if (parentIds.length === 0) return [];
  const rows = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(inArray(tasks.parentId, parentIds));
  return rows.map((r) => r.id);
}

export const topLevel = isNull(tasks.parentId);
