import { asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { personColumns } from '../../../../core/people';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { users, workspaceMembers } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { presentMember } from '../../present';
import { roleOrder } from '../completion';

/** The workspace's members: owners first, then by role, by name within. */
export async function listMembers(deps: WorkspacesDeps, actor: Actor, workspaceId: number) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, workspaceId, 'view_members');
  const rows = await db
    .select({ membership: workspaceMembers, person: personColumns })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, access.workspace.id))
    .orderBy(roleOrder, asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`));
  return { users: rows.map((r) => presentMember(r.membership, r.person)) };
}
