import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { privacyOf } from '../../../auth/privacy';
import type { DbOrTx } from '../../../db/client';
import { users, workspaceMembers, type UserRow } from '../../../db/schema';
import { profileCompletionFor, visibleStepsDone } from '../../profile';

/** Owners first, then admins, members, viewers and deactivated members. */
export const roleOrder = sql`case ${workspaceMembers.role}
  when 'owner' then 0 when 'admin' then 1 when 'member' then 2 when 'viewer' then 3 else 4 end`;

/**
 * Members with how complete their profiles are (spec 2.12's profile steps), as the actor
 * may see it: null for anyone who keeps a part the figure is made of from the actor.
 */
export async function completionOf(
  db: DbOrTx,
  actor: Actor,
  workspaceId: number,
  onlyUserIds?: number[],
) {
  const rows = await db
    .select({ membership: workspaceMembers, user: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        onlyUserIds ? inArray(workspaceMembers.userId, onlyUserIds) : undefined,
      ),
    )
    .orderBy(roleOrder, asc(users.id));
  const privacy = await privacyOf(
    db,
    { id: actor.userId, role: actor.role },
    rows.map((row) => row.user),
  );
  const result: {
    membership: typeof workspaceMembers.$inferSelect;
    user: UserRow;
    percent: number | null;
    visibleStepsDone: boolean;
  }[] = [];
  for (const row of rows) {
    result.push({
      ...row,
      percent: await profileCompletionFor(db, privacy, row.user),
      visibleStepsDone: await visibleStepsDone(db, privacy, row.user),
    });
  }
  return result;
}
