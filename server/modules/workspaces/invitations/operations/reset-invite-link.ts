import { eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { workspaces } from '../../../../db/schema';
import type { InvitationsDeps } from '../../deps';
import { newInviteCode } from '../invite';
import { inviteLinkOf } from '../invite-link';

/** A new shareable invite link; the old one stops working. */
export async function resetInviteLink(deps: InvitationsDeps, actor: Actor, workspaceId: number) {
  const access = await workspaceAccessFor(deps.db, actor, workspaceId, 'manage_members', {
    change: true,
  });
  const [row] = await deps.db
    .update(workspaces)
    .set({ inviteCode: newInviteCode() })
    .where(eq(workspaces.id, access.workspace.id))
    .returning({ inviteCode: workspaces.inviteCode });
  return inviteLinkOf(deps, row.inviteCode);
}
