import { and, eq, inArray } from 'drizzle-orm';
import type { CreateSubtaskBody } from '@contracts/tasks';
import { can } from '../../../auth/permissions';
import type { DbOrTx } from '../../../db/client';
import { taskAssignments, tasks, type TaskAssignmentRow } from '../../../db/schema';
import { forbidden } from '../../../http/errors';
import { choicesFor } from '../choices';
import { requireLive, type TaskContext } from '../load';
import { loadTeams } from '../people';
import { createChosen } from './create-task';

/** A manager sets subtasks for the parent's people; an assignee for their own unit's. */
export function subtaskScope(parent: TaskContext) {
  if (!parent.roles.manage && !parent.roles.work) throw forbidden();
  requireLive(parent);
  return {
    workspaceId: parent.task.workspaceId,
    type: can(parent.access, 'manage_tasks') ? ('owner' as const) : ('member' as const),
    createdBy: parent.userId,
    parentId: parent.task.id,
  };
}

/**
 * Creates a subtask for the chosen people and teams, or (`forAll`) one subtask with every
 * person in the caller's reach as their own unit.
 */
export async function createSubtask(
  db: DbOrTx,
  parent: TaskContext,
  body: Omit<CreateSubtaskBody, 'user_ids' | 'team_ids'> & Partial<CreateSubtaskBody>,
  forAll: boolean,
) {
  const scope = subtaskScope(parent);
  const choices = await choicesFor(db, scope);
  const userIds = forAll ? choices.users.map((p) => p.id) : (body.user_ids ?? []);
  const teamIds = forAll ? [] : (body.team_ids ?? []);
  return createChosen(db, scope, choices, body, userIds, teamIds);
}

/**
 * Units of a subtask that the caller may resubmit for as a teammate: personal units of people
 * in the caller's team, when that team works on the parent task.
 */
export async function teammateUnits(db: DbOrTx, ctx: TaskContext): Promise<TaskAssignmentRow[]> {
  if (ctx.myTeamId === null || ctx.task.parentId === null) return [];
  const [teamOnParent] = await db
    .select({ id: taskAssignments.id })
    .from(taskAssignments)
    .where(
      and(eq(taskAssignments.taskId, ctx.task.parentId), eq(taskAssignments.teamId, ctx.myTeamId)),
    );
  if (!teamOnParent) return [];
  const [team] = await loadTeams(db, { teamIds: [ctx.myTeamId] });
  const teammates = (team?.members ?? []).map((m) => m.id).filter((id) => id !== ctx.userId);
  if (teammates.length === 0) return [];
  return db
    .select()
    .from(taskAssignments)
    .where(
      and(eq(taskAssignments.taskId, ctx.task.id), inArray(taskAssignments.userId, teammates)),
    );
}

/** Subtasks of a task, newest last. */
export function subtasksOf(db: DbOrTx, parentId: number) {
  return db.select().from(tasks).where(eq(tasks.parentId, parentId)).orderBy(tasks.id);
}
