import type { LiveEventPayload } from '@contracts/realtime';
import { can } from '../../auth/permissions';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { WorkspaceRole } from '../../db/schema';
import type { Realtime } from '../../realtime';
import { loadWorkspaceAccess } from '../../core/workspace-access';

/** Who may listen to a workspace's room: whoever may view the workspace. */
export function registerWorkspaceRoom(realtime: Realtime, db: DbOrTx) {
  realtime.registerRoomRule('workspace', async (user, workspaceId) => {
    const access = await loadWorkspaceAccess(db, workspaceId, user);
    return access !== null && can(access, 'view_workspace');
  });
}

/**
 * After a membership changed (and its transaction committed): open screens of the workspace
 * refetch its people and abilities, and the person concerned refetches their workspaces. The
 * payload names no person, since not everyone in the room may see the member list. Someone
 * removed or deactivated leaves the room at once rather than at their next reconnect.
 */
export function announceMembershipChange(
  deps: Pick<AppDeps, 'realtime'>,
  change: {
    workspaceId: number;
    userId: number;
    kind: LiveEventPayload<'member-changed'>['kind'];
    role?: WorkspaceRole;
  },
) {
  const { workspaceId, userId, kind } = change;
  if (kind === 'removed' || change.role === 'deactive') {
    deps.realtime.leaveRoom(userId, `workspace-${workspaceId}`);
  }
  const payload: LiveEventPayload<'member-changed'> = { workspace_id: workspaceId, kind };
  deps.realtime.toWorkspace(workspaceId, 'member-changed', payload);
  deps.realtime.toUser(userId, 'membership-changed', payload);
}
