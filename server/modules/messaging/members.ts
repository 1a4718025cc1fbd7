import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  chatMembers,
  chats,
  taskAssignments,
  taskReviewers,
  tasks,
  teamMembers,
  teams,
  users,
  workspaceMembers,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { accountInUse } from '../../core/people';
import { workspaceIdsOf } from '../../core/workspace-ids';

/**
 * Makes these people members (again): a member who had left comes back with the history they
 * missed; members already in stay as they are.
 */
export async function addMembers(
  tx: DbOrTx,
  chatId: number,
  userIds: Iterable<number>,
  admins: Iterable<number> = [],
) {
  const adminSet = new Set(admins);
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  await tx
    .insert(chatMembers)
    .values(ids.map((userId) => ({ chatId, userId, isAdmin: adminSet.has(userId) })))
    .onConflictDoUpdate({
      target: [chatMembers.chatId, chatMembers.userId],
      set: { leftAt: null, leftMessageId: null },
      setWhere: sql`${chatMembers.leftAt} is not null`,
    });
}

/** The memberships of a chat that have not ended: of a person, of these people, or of everyone. */
export const stillInChat = (chatId: number, user?: number | readonly number[]) =>
  and(
    eq(chatMembers.chatId, chatId),
    user === undefined
      ? undefined
      : typeof user === 'number'
        ? eq(chatMembers.userId, user)
        : inArray(chatMembers.userId, [...user]),
    isNull(chatMembers.leftAt),
  );

/** Marks members as left: they keep what was said until now, and nothing after. */
export async function removeMembers(tx: DbOrTx, chatId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  const [chat] = await tx
    .select({ last: chats.lastMessageId })
    .from(chats)
    .where(eq(chats.id, chatId));
  await tx
    .update(chatMembers)
    .set({ leftAt: new Date(), leftMessageId: chat?.last ?? 0, isAdmin: false })
    .where(stillInChat(chatId, userIds));
}

/**
 * Active people (not deleted, not deactivated) who share a workspace (or the one given) with
 * `userId` and match `where`, once each.
 */
function colleagues<F extends SelectedFields>(
  db: DbOrTx,
  userId: number,
  fields: F,
  where: SQL | undefined,
  workspaceId?: number,
) {
  const query = db.selectDistinct(fields).from(workspaceMembers).$dynamic();
  query.innerJoin(users, eq(users.id, workspaceMembers.userId));
  return query.where(
    and(
      inArray(workspaceMembers.workspaceId, workspaceIdsOf(db, userId, workspaceId)),
      where,
      accountInUse(),
    ),
  );
}

/** Which of these people are colleagues of `userId` (in `workspaceId` when given). */
export async function reachablePeople(
  db: DbOrTx,
  userId: number,
  ids: number[],
  workspaceId?: number,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await colleagues(
    db,
    userId,
    { id: workspaceMembers.userId },
    inArray(workspaceMembers.userId, ids),
    workspaceId,
  );
  return new Set(rows.map((r) => r.id));
}

/** People one may start a chat with, matching a search (spec 7.12 chats/search). */
export async function searchPeople(
  db: DbOrTx,
  userId: number,
  q: string,
  limit: number,
  offset: number,
) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return colleagues(
    db,
    userId,
    { id: users.id, firstName: users.firstName, lastName: users.lastName },
    and(
      ne(users.id, userId),
      q
        ? sql`(${users.firstName} || ' ' || ${users.lastName} ilike ${like} or ${users.email} ilike ${like})`
        : undefined,
    ),
  )
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(limit)
    .offset(offset);
}

export interface ModelPeople {
  workspaceId: number;
  name: string;
  people: Set<number>;
}

/** Who is in these teams now. */
const currentMembersOf = (db: DbOrTx, teamIds: number[]) =>
  db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(and(inArray(teamMembers.teamId, teamIds), isNull(teamMembers.deletedAt)));

/** The people of a task (creator, reviewers, assignees and their teams' members) or a team. */
export async function peopleOfModel(
  db: DbOrTx,
  modelType: 'task' | 'team',
  modelId: number,
): Promise<ModelPeople> {
  if (modelType === 'task') {
    const [task] = await db.select().from(tasks).where(eq(tasks.id, modelId));
    if (!task) throw notFound('messaging:messages.model_not_found');
    const [reviewers, units] = await Promise.all([
      db
        .select({ id: taskReviewers.userId })
        .from(taskReviewers)
        .where(eq(taskReviewers.taskId, modelId)),
      db.select().from(taskAssignments).where(eq(taskAssignments.taskId, modelId)),
    ]);
    const people = new Set<number>([task.createdBy, ...reviewers.map((r) => r.id)]);
    const teamIds: number[] = [];
    for (const unit of units) {
      if (unit.userId) people.add(unit.userId);
      if (unit.teamId) teamIds.push(unit.teamId);
    }
    if (teamIds.length > 0) {
      (await currentMembersOf(db, teamIds)).forEach((r) => people.add(r.id));
    }
    return { workspaceId: task.workspaceId, name: task.name, people };
  }
  const [team] = await db.select().from(teams).where(eq(teams.id, modelId));
  if (!team) throw notFound('messaging:messages.model_not_found');
  const rows = await currentMembersOf(db, [modelId]);
  return { workspaceId: team.workspaceId, name: team.name, people: new Set(rows.map((r) => r.id)) };
}
