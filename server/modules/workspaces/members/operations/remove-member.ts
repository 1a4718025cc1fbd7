import { can } from '../../../../auth/permissions';
import { workspaceOperation } from '../../../../core/workspace-access';
import { conflict, forbidden } from '../../../../http/errors';
import type { WorkspacesDeps } from '../../deps';
import { announceMembershipChange } from '../../live';
import { assertNotLastOwner, endMembership, memberToChange } from '../removal';

/** Removes someone else from the workspace; owners alone remove owners, never the last. */
export const removeMember = workspaceOperation(
  'manage_members',
  async (deps: WorkspacesDeps, access, input: { workspaceId: number; userId: number }) => {
    const { db } = deps;
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
  },
);
