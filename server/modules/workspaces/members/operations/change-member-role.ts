import { eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { can } from '../../../../auth/permissions';
import { personColumns } from '../../../../core/people';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { users, workspaceMembers, type WorkspaceRole } from '../../../../db/schema';
import { conflict, forbidden } from '../../../../http/errors';
import type { WorkspacesDeps } from '../../deps';
import { announceMembershipChange } from '../../live';
import { presentMember } from '../../present';
import { assertSeatsFree, lockWorkspace } from '../member-cap';
import { assertNotLastOwner, memberToChange } from '../removal';

/** Gives a member another role; owners alone make or unmake owners. */
export async function changeMemberRole(
  deps: WorkspacesDeps,
  actor: Actor,
  input: { workspaceId: number; userId: number; role: WorkspaceRole },
) {
  const { db } = deps;
  const { role } = input;
  const access = await workspaceAccessFor(db, actor, input.workspaceId, 'manage_members', {
    change: true,
  });
  const { member, changed } = await db.transaction(async (tx) => {
    await lockWorkspace(tx, access.workspace.id);
    const target = await memberToChange(tx, access.workspace.id, input.userId, false);
    if (target.userId === access.userId && !access.isSupervisor) {
      throw conflict('workspaces:messages.own_role');
    }
    // Making or unmaking an owner is for owners alone.
    if ((target.role === 'owner' || role === 'owner') && !can(access, 'manage_owners')) {
      throw forbidden();
    }
    if (target.role === role) return { member: target, changed: false };
    await assertNotLastOwner(tx, access.workspace.id, target.role);
    if (target.role === 'deactive') await assertSeatsFree(tx, access.workspace.id, 1);
    const [updated] = await tx
      .update(workspaceMembers)
      .set({ role })
      .where(eq(workspaceMembers.id, target.id))
      .returning();
    return { member: updated, changed: true };
  });
  if (changed) {
    announceMembershipChange(deps, {
      workspaceId: access.workspace.id,
      userId: member.userId,
      kind: 'role_changed',
      role,
    });
  }
  const [person] = await db.select(personColumns).from(users).where(eq(users.id, member.userId));
  return presentMember(member, person);
}
