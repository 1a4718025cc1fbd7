import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { teamMembers, teamRequests, teams, type TeamRow } from '../../db/schema';

/**
 * Soft delete (spec: teams with deleted_at leave the active list). Memberships are stamped,
 * not removed, so the team's history stays readable; open requests are cancelled.
 */
export async function softDeleteTeam(db: DbOrTx, team: TeamRow) {
  const now = new Date();
  await db.update(teams).set({ deletedAt: now, updatedAt: now }).where(eq(teams.id, team.id));
  await db
    .update(teamMembers)
    .set({ deletedAt: now })
    .where(and(eq(teamMembers.teamId, team.id), isNull(teamMembers.deletedAt)));
  await db
    .update(teamRequests)
    .set({ status: 'cancelled', answeredAt: now })
    .where(and(eq(teamRequests.teamId, team.id), eq(teamRequests.status, 'pending')));
}

/**
 * Takes a person out of a team. A self-made team passes its lead to the longest-standing
 * member, and goes away when nobody is left in it.
 */
export async function removeFromTeam(db: DbOrTx, team: TeamRow, userId: number) {
  const [removed] = await db
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.teamId, team.id),
        eq(teamMembers.userId, userId),
        isNull(teamMembers.deletedAt),
      ),
    )
    .returning();
  if (!removed || !team.selfTeam) return;
  const [next] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, team.id), isNull(teamMembers.deletedAt)))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.id))
    .limit(1);
  if (!next) await softDeleteTeam(db, team);
  else if (removed.role === 'leader') {
    await db.update(teamMembers).set({ role: 'leader' }).where(eq(teamMembers.id, next.id));
  }
}

/** Once someone is in a team, their other open requests in the workspace no longer apply. */
export async function closeOtherRequests(
  db: DbOrTx,
  workspaceId: number,
  userId: number,
  keepRequestId?: number,
) {
  await db
    .update(teamRequests)
    .set({ status: 'cancelled', answeredAt: new Date() })
    .where(
      and(
        eq(teamRequests.workspaceId, workspaceId),
        eq(teamRequests.userId, userId),
        eq(teamRequests.status, 'pending'),
        keepRequestId === undefined ? undefined : ne(teamRequests.id, keepRequestId),
      ),
    );
}
