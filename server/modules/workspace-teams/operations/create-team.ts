import type { z } from 'zod';
import type { createTeamBody } from '@contracts/workspace-teams';
import { can } from '../../../auth/permissions';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { teams } from '../../../db/schema';
import { forbidden } from '../../../http/errors';
import { closeOtherRequests } from '../lifecycle';
import { addMembers, requireTeamable, teamView } from '../load';
import type { TeamsDeps } from './deps';

/** A team made by owners and admins, or a member's own team when members may make one. */
export async function createTeam(
  deps: TeamsDeps,
  actor: Actor,
  input: z.infer<typeof createTeamBody> & { workspaceId: number },
) {
  const { db } = deps;
  const { workspaceId } = input;
  const access = await workspaceAccessFor(db, actor, workspaceId, 'view_workspace');
  const manage = can(access, 'manage_teams');
  if (!manage && !can(access, 'create_own_team')) throw forbidden();
  const memberIds = input.member_ids ?? [];
  if (!manage && memberIds.length > 0) throw forbidden();
  if (!manage) await requireTeamable(db, workspaceId, [access.userId], 'workspace');
  await requireTeamable(db, workspaceId, memberIds, 'member_ids');
  const team = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(teams)
      .values({
        workspaceId,
        name: input.name,
        description: input.description ?? null,
        subscribable: input.subscribable ?? false,
        maxMembers: input.max_members ?? null,
        selfTeam: !manage,
        createdBy: access.userId,
      })
      .returning();
    // A member's own team starts with them as its leader.
    if (!manage) {
      await addMembers(tx, created, [access.userId], 'leader');
      await closeOtherRequests(tx, workspaceId, access.userId);
    }
    await addMembers(tx, created, memberIds);
    return created;
  });
  return teamView(db, team, access);
}
