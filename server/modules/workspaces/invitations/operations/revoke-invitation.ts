import { eq } from 'drizzle-orm';
import { workspaceOperation } from '../../../../core/workspace-access';
import { workspaceInvitations } from '../../../../db/schema';
import type { InvitationsDeps } from '../../deps';
import { openInvitation } from '../load';

/** Revokes an open invitation: its link stops working. */
export const revokeInvitation = workspaceOperation(
  'manage_members',
  async ({ db }: InvitationsDeps, access, input: { workspaceId: number; invitationId: number }) => {
    const invitation = await openInvitation(db, access.workspace.id, input.invitationId);
    await db
      .update(workspaceInvitations)
      .set({ revokedAt: new Date() })
      .where(eq(workspaceInvitations.id, invitation.id));
  },
);
