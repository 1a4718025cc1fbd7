import { and, asc, eq, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { dueReminder, registerReminderSource } from '../../core/reminder-sources';
import { taskAssignments, tasks, teamMembers, teams, workspaceMembers } from '../../db/schema';

/** The teams a person is in now, across workspaces. */
export function teamsOfPerson(userId: number) {
  return sql`(select ${teamMembers.teamId} from ${teamMembers} join ${teams} on ${teams.id} = ${teamMembers.teamId} where ${teamMembers.userId} = ${userId} and ${teamMembers.deletedAt} is null and ${teams.deletedAt} is null)`;
}

/** Units that are the person's: personal, or of a team they are in. */
export function unitsOfPerson(userId: number): SQL {
  return or(
    eq(taskAssignments.userId, userId),
    inArray(taskAssignments.teamId, teamsOfPerson(userId)),
  ) as SQL;
}

/** Open tasks the person still has to hand in, in workspaces they still belong to. */
export function pendingWorkOf(
  userId: number,
  statuses: ('todo' | 'returned' | 'submitted' | 'resubmitted')[],
) {
  return and(
    unitsOfPerson(userId),
    inArray(taskAssignments.status, statuses),
    eq(tasks.status, 'open'),
    inArray(
      tasks.workspaceId,
      sql`(select ${workspaceMembers.workspaceId} from ${workspaceMembers} where ${workspaceMembers.userId} = ${userId})`,
    ),
  );
}

registerReminderSource('task', {
  async list(db, userId, until) {
    const rows = await db
      .selectDistinct({
        id: tasks.id,
        name: tasks.name,
        workspaceId: tasks.workspaceId,
        parentId: tasks.parentId,
        expiredAt: tasks.expiredAt,
      })
      .from(tasks)
      .innerJoin(taskAssignments, eq(taskAssignments.taskId, tasks.id))
      .where(
        and(
          pendingWorkOf(userId, ['todo', 'returned']),
          isNotNull(tasks.expiredAt),
          lte(tasks.expiredAt, until),
        ),
      )
      .orderBy(asc(tasks.expiredAt), asc(tasks.id));
    return rows.map((row) => dueReminder('task', row));
  },
  async concerns(db, userId, id) {
    const [row] = await db
      .select({ id: taskAssignments.id })
      .from(taskAssignments)
      .where(and(eq(taskAssignments.taskId, id), unitsOfPerson(userId)))
      .limit(1);
    return row !== undefined;
  },
});
