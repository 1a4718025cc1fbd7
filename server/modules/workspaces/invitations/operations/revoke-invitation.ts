import { eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { workspaceInvitations } from '../../../../db/schema';
import type { InvitationsDeps } from '../../deps';
import { openInvitation } from '../load';

/** Revokes an open invitation: its link stops working. */
export async function revokeInvitation(
  deps: InvitationsDeps,
  actor: Actor,
  input: { workspaceId: number; invitationId: number },
) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, input.workspaceId, 'manage_members');
  const invitation = await openInvitation(db, access.workspace.id, input.invitationId);
  await db
    .update(workspaceInvitations)
    .set({ revokedAt: new Date() })
    .where(eq(workspaceInvitations.id, invitation.id));
}
