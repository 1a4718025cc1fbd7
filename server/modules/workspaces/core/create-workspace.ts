import { eq } from 'drizzle-orm';
import type { CreateWorkspaceBody, WorkspaceSection } from '@contracts/workspaces';
import type { Tx } from '../../../db/client';
import { users, workspaceMembers, workspaces, type WorkspaceRow } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';

/**
 * A new workspace with its creator as owner, opened as their active workspace. Runs inside
 * the caller's transaction so a generalized workspace is created with its plan in one go.
 */
export async function createWorkspace(
  tx: Tx,
  creatorId: number,
  input: CreateWorkspaceBody & {
    sections?: WorkspaceSection[] | null;
    member_access?: Record<string, boolean>;
    team_formation_strategy?: string | null;
  },
): Promise<WorkspaceRow> {
  const [created] = await tx
    .insert(workspaces)
    .values({
      name: input.name,
      workspaceType: input.workspace_type,
      description: input.description ?? null,
      startDate: input.start_date ?? null,
      endDate: input.end_date ?? null,
      schema: input.schema ? { color: input.schema.color.toLowerCase() } : {},
      sections: input.sections ?? null,
      memberAccess: input.member_access ?? {},
      teamFormationStrategy: input.team_formation_strategy ?? null,
      createdBy: creatorId,
    })
    .returning();
  await tx
    .insert(workspaceMembers)
    .values({ workspaceId: created.id, userId: creatorId, role: 'owner' });
  await tx.update(users).set({ lastActiveWorkspaceId: created.id }).where(eq(users.id, creatorId));
  return created;
}

/** End date on or after the start date, whichever of them the request changes. */
export function assertDateOrder(startDate: string | null, endDate: string | null) {
  if (startDate && endDate && endDate < startDate) {
    throw validationFailed({ end_date: 'workspaces:messages.end_before_start' });
  }
}
