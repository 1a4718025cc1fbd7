import { eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { users } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { presentAccessed } from '../../present';

/** One workspace; opening it makes it the one the menu comes back to (spec 4). */
export async function showWorkspace(deps: WorkspacesDeps, actor: Actor, workspaceId: number) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, workspaceId, 'view_workspace');
  if (access.role) {
    await db
      .update(users)
      .set({ lastActiveWorkspaceId: access.workspace.id })
      .where(eq(users.id, access.userId));
  }
  return presentAccessed(db, access);
}
