import { and, count, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users, workspaceMembers } from '../../../db/schema';
import { conflict } from '../../../http/errors';

/**
 * What other modules undo when someone stops being a member (e.g. the teams module takes
 * the person out of the workspace's teams). Hooks run inside the removal's transaction.
 */
type MemberRemovalHook = (tx: Tx, workspaceId: number, userId: number) => Promise<void>;
const removalHooks: MemberRemovalHook[] = [];

export function registerMemberRemovalHook(hook: MemberRemovalHook) {
  removalHooks.push(hook);
}

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

/** Ends a membership (leave or removal) and everything that hangs off it. */
export async function endMembership(tx: Tx, workspaceId: number, userId: number) {
  await tx
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  for (const hook of removalHooks) await hook(tx, workspaceId, userId);
  await tx
    .update(users)
    .set({ lastActiveWorkspaceId: null })
    .where(and(eq(users.id, userId), eq(users.lastActiveWorkspaceId, workspaceId)));
}
