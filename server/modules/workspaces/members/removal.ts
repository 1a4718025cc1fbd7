import { and, count, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { teamMembers, users, workspaceMembers } from '../../../db/schema';
import { conflict, notFound } from '../../../http/errors';
import { currentTeamMembership } from '../../../core/workspace-ids';

export async function ownerCount(tx: Tx, workspaceId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
  return Number(row.n);
}

/** A workspace always keeps an owner: the last one cannot leave, be removed or step down. */
export async function assertNotLastOwner(tx: Tx, workspaceId: number, role: string) {
  if (role === 'owner' && (await ownerCount(tx, workspaceId)) <= 1) {
    throw conflict('workspaces:messages.last_owner');
  }
}

/**
 * Ends a membership (leave or removal): the person also leaves their team in the workspace
 * (the teams rule: leaving deletes the team membership row). Their submitted work stays.
 */
export async function endMembership(tx: Tx, workspaceId: number, userId: number) {
  await tx
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  await tx.delete(teamMembers).where(currentTeamMembership(workspaceId, userId));
  await tx
    .update(users)
    .set({ lastActiveWorkspaceId: null })
    .where(and(eq(users.id, userId), eq(users.lastActiveWorkspaceId, workspaceId)));
}

/** A member of the workspace (locked for the transaction when `lock`); 404 otherwise. */
export async function memberToChange(tx: Tx, workspaceId: number, userId: number, lock: boolean) {
  const query = tx
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  const [target] = lock ? await query.for('update') : await query;
  if (!target) throw notFound('workspaces:messages.member_not_found');
  return target;
}
