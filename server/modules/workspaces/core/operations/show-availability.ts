import { and, eq, ne } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { visibilityOf } from '../../../../auth/privacy';
import { userProfiles, users, workspaceMembers } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';

/** Members' free hours of the week (UTC), each counted only where its owner lets the actor see it. */
export async function showAvailability(deps: WorkspacesDeps, actor: Actor, workspaceId: number) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, workspaceId, 'view_members');
  const members = await db
    .select({ person: users, hours: userProfiles.availability })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, workspaceMembers.userId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, access.workspace.id),
        ne(workspaceMembers.role, 'deactive'),
      ),
    );
  // Each person's view_availability option decides whether their hours are counted here.
  const visibility = await visibilityOf(
    db,
    { id: actor.userId, role: actor.role },
    members.map((m) => m.person),
  );
  const rows = members.map((m) => ({
    userId: m.person.id,
    hours: visibility.get(m.person.id)?.availability ? m.hours : null,
  }));
  const byHour = new Map<number, number[]>();
  for (const row of rows) {
    for (const hour of row.hours ?? []) {
      byHour.set(hour, [...(byHour.get(hour) ?? []), row.userId]);
    }
  }
  return {
    members_count: rows.length,
    members_with_availability: rows.filter((r) => (r.hours ?? []).length > 0).length,
    slots: [...byHour.entries()]
      .sort(([a], [b]) => a - b)
      .map(([hour, userIds]) => ({ hour, user_ids: userIds.sort((a, b) => a - b) })),
  };
}
