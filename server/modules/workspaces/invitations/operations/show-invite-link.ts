import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import type { InvitationsDeps } from '../../deps';
import { inviteLinkOf } from '../invite-link';

/** The workspace's shareable invite link. */
export async function showInviteLink(deps: InvitationsDeps, actor: Actor, workspaceId: number) {
  const access = await workspaceAccessFor(deps.db, actor, workspaceId, 'invite_members');
  return inviteLinkOf(deps, access.workspace.inviteCode);
}
