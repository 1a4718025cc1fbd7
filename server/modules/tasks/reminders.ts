import { and, asc, eq, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Reminder } from '@contracts/tasks';
import type { DbOrTx } from '../../db/client';
import {
  reminderSettings,
  taskAssignments,
  tasks,
  teamMembers,
  teams,
  workspaceMembers,
} from '../../db/schema';

/** How far ahead a due date becomes a reminder (overdue ones stay until handled). */
export const REMINDER_WINDOW_DAYS = 7;

export type ReminderKind = 'task' | 'assessment';

/**
 * Where reminders come from (spec 7.16 lists assessments and tasks). The tasks module
 * registers its own; the assessments module registers its source the same way.
 */
export interface ReminderSource {
  /** The person's reminders, setting or not. */
  list(db: DbOrTx, userId: number, until: Date): Promise<Reminder[]>;
  /** Whether the item is one the person could be reminded of, so a setting may be kept. */
  concerns(db: DbOrTx, userId: number, id: number): Promise<boolean>;
}

const sources = new Map<ReminderKind, ReminderSource>();

export function registerReminderSource(kind: ReminderKind, source: ReminderSource) {
  sources.set(kind, source);
}

export function reminderSource(kind: ReminderKind) {
  return sources.get(kind);
}

/** Overdue first, then upcoming (both by due date), without those the person set aside. */
export async function remindersFor(db: DbOrTx, userId: number, kind: ReminderKind, now: Date) {
  const source = sources.get(kind);
  if (!source) return [];
  const until = new Date(now.getTime() + REMINDER_WINDOW_DAYS * 86_400_000);
  const [items, settings] = await Promise.all([
    source.list(db, userId, until),
    db
      .select()
      .from(reminderSettings)
      .where(and(eq(reminderSettings.userId, userId), eq(reminderSettings.referenceType, kind))),
  ]);
  const hidden = new Set(
    settings
      .filter((s) => s.snoozedUntil === null || s.snoozedUntil > now)
      .map((s) => s.referenceId),
  );
  return items
    .filter((item) => !hidden.has(item.id))
    .map((item) => ({ ...item, is_overdue: new Date(item.expired_at) < now }))
    .sort((a, b) => a.expired_at.localeCompare(b.expired_at) || a.id - b.id);
}

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
    return rows.map((row) => ({
      is: 'task' as const,
      id: row.id,
      name: row.name,
      workspace_id: row.workspaceId,
      parent_id: row.parentId,
      expired_at: row.expiredAt!.toISOString(),
      is_overdue: false,
    }));
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
