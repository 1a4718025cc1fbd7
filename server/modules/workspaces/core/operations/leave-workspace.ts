import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { workspaceMembers } from '../../../../db/schema';
import { notFound } from '../../../../http/errors';
import type { WorkspacesDeps } from '../../deps';
import { announceMembershipChange } from '../../live';
import { assertNotLastOwner, endMembership } from '../../members/removal';

/** The actor leaves a workspace; the last owner may not. */
export async function leaveWorkspace(deps: WorkspacesDeps, actor: Actor, workspaceId: number) {
  await deps.db.transaction(async (tx) => {
    const [membership] = await tx
      .select()
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, workspaceId),
          eq(workspaceMembers.userId, actor.userId),
        ),
      )
      .for('update');
    // Only members can leave; anyone else learns nothing about the id.
    if (!membership) throw notFound('workspaces:messages.not_found');
    await assertNotLastOwner(tx, membership.workspaceId, membership.role);
    await endMembership(tx, membership.workspaceId, actor.userId);
  });
  announceMembershipChange(deps, { workspaceId, userId: actor.userId, kind: 'removed' });
}
