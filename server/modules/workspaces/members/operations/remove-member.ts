import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { can } from '../../../../auth/permissions';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { workspaceMembers } from '../../../../db/schema';
import { conflict, forbidden, notFound } from '../../../../http/errors';
import type { WorkspacesDeps } from '../../deps';
import { announceMembershipChange } from '../../live';
import { assertNotLastOwner, endMembership } from '../removal';

/** Removes someone else from the workspace; owners alone remove owners, never the last. */
export async function removeMember(
  deps: WorkspacesDeps,
  actor: Actor,
  input: { workspaceId: number; userId: number },
) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, input.workspaceId, 'manage_members');
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, access.workspace.id),
          eq(workspaceMembers.userId, input.userId),
        ),
      )
      .for('update');
    if (!target) throw notFound('workspaces:messages.member_not_found');
    if (target.userId === access.userId) throw conflict('workspaces:messages.remove_self');
    if (target.role === 'owner' && !can(access, 'manage_owners')) throw forbidden();
    await assertNotLastOwner(tx, access.workspace.id, target.role);
    await endMembership(tx, access.workspace.id, target.userId);
  });
  announceMembershipChange(deps, {
    workspaceId: access.workspace.id,
    userId: input.userId,
    kind: 'removed',
  });
}
