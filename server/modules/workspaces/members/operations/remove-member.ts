import type { Actor } from '../../../../core/actor';
import { can } from '../../../../auth/permissions';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { conflict, forbidden } from '../../../../http/errors';
import type { WorkspacesDeps } from '../../deps';
import { announceMembershipChange } from '../../live';
import { assertNotLastOwner, endMembership, memberToChange } from '../removal';

/** Removes someone else from the workspace; owners alone remove owners, never the last. */
export async function removeMember(
  deps: WorkspacesDeps,
  actor: Actor,
  input: { workspaceId: number; userId: number },
) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, input.workspaceId, 'manage_members');
  await db.transaction(async (tx) => {
    const target = await memberToChange(tx, access.workspace.id, input.userId, true);
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
