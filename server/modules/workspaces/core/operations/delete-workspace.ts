import { eq } from 'drizzle-orm';
import { workspaceOperation } from '../../../../core/workspace-access';
import { users, workspaces } from '../../../../db/schema';
import { conflict } from '../../../../http/errors';
import { storageFor } from '../../../../storage';
import { workspaceFileKeys } from '../../../../storage/references';
import type { WorkspacesDepsWithAreas } from '../../deps';

/** Deletes an archived workspace with everything in it, then its files. */
export const deleteWorkspace = workspaceOperation(
  'delete_workspace',
  async (deps: WorkspacesDepsWithAreas, access, _workspaceId: number) => {
    const { db } = deps;
    if (access.workspace.status !== 'archived') {
      throw conflict('workspaces:messages.delete_only_archived');
    }
    const fileKeys = await db.transaction(async (tx) => {
      const keys = await workspaceFileKeys(deps.areas, tx, access.workspace.id);
      await tx.delete(workspaces).where(eq(workspaces.id, access.workspace.id));
      await tx
        .update(users)
        .set({ lastActiveWorkspaceId: null })
        .where(eq(users.lastActiveWorkspaceId, access.workspace.id));
      return keys;
    });
    // Only once the rows are gone for good: a rolled-back delete keeps its files.
    await storageFor(deps.config).remove(fileKeys);
  },
);
