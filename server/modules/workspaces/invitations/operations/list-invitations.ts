import { desc, eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { personColumns } from '../../../../core/people';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { users, workspaceInvitations } from '../../../../db/schema';
import type { InvitationsDeps } from '../../deps';
import { presentInvitation } from '../../present';
import { invitationsOpenIn } from '../../../../core/workspace-ids';

/** The workspace's open invitations, newest first. */
export async function listInvitations(deps: InvitationsDeps, actor: Actor, workspaceId: number) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, workspaceId, 'invite_members');
  const rows = await db
    .select({ invitation: workspaceInvitations, invitedBy: personColumns })
    .from(workspaceInvitations)
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(invitationsOpenIn(access.workspace.id))
    .orderBy(desc(workspaceInvitations.sentAt), desc(workspaceInvitations.id));
  const now = new Date();
  return { invitations: rows.map((r) => presentInvitation(r.invitation, r.invitedBy, now)) };
}
