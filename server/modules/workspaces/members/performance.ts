import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { taskAssignments, tasks, teamMembers } from '../../../db/schema';
import { currentTeamMembership } from '../../../core/workspace-ids';

export interface TaskFigures {
  assigned: number;
  submitted: number;
  completed: number;
  overdue: number;
}

/**
 * Each member's work on the workspace's tasks that are not archived: units assigned to them
 * or to their team, how many were handed in, closed, or are past due without a hand-in.
 */
export async function taskFiguresOf(
  db: DbOrTx,
  workspaceId: number,
  userIds: number[],
): Promise<Map<number, TaskFigures>> {
  const figures = new Map<number, TaskFigures>(
    userIds.map((id) => [id, { assigned: 0, submitted: 0, completed: 0, overdue: 0 }]),
  );
  if (userIds.length === 0) return figures;
  const teamOf = await db
    .select({ userId: teamMembers.userId, teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(currentTeamMembership(workspaceId, userIds));
  const teamIds = [...new Set(teamOf.map((t) => t.teamId))];
  const units = await db
    .select({
      userId: taskAssignments.userId,
      teamId: taskAssignments.teamId,
      status: taskAssignments.status,
      overdue: sql<boolean>`${tasks.expiredAt} is not null and ${tasks.expiredAt} < now()`,
    })
    .from(taskAssignments)
    .innerJoin(tasks, eq(tasks.id, taskAssignments.taskId))
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        sql`${tasks.status} <> 'archived'`,
        or(
          inArray(taskAssignments.userId, userIds),
          teamIds.length ? inArray(taskAssignments.teamId, teamIds) : undefined,
        ),
      ),
    );
  for (const unit of units) {
    const people = unit.userId
      ? [unit.userId]
      : teamOf.filter((t) => t.teamId === unit.teamId).map((t) => t.userId);
    for (const person of people) {
      const f = figures.get(person);
      if (!f) continue;
      f.assigned += 1;
      if (unit.status !== 'todo' && unit.status !== 'returned') f.submitted += 1;
      if (unit.status === 'closed') f.completed += 1;
      if ((unit.status === 'todo' || unit.status === 'returned') && unit.overdue) f.overdue += 1;
    }
  }
  return figures;
}
