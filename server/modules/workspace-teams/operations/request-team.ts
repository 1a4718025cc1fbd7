import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createTeamRequestBody } from '@contracts/workspace-teams';
import { can } from '../../../auth/permissions';
import { operationOn } from '../../../core/actor';
import { isUniqueViolation } from '../../../db/errors';
import { teamRequests, type TeamRequestRow } from '../../../db/schema';
import { conflict, forbidden } from '../../../http/errors';
import { requireTeam, requireTeamable, teamIdOf, teamView } from '../load';
import { presentRequests, viewerOf } from '../requests';
import type { TeamsDeps } from './deps';

/** Asks to join a team, or invites a member into the actor's (spec 7.3). */
export const requestTeam = operationOn(
  (db, actor, input: z.infer<typeof createTeamRequestBody> & { teamId: number }) =>
    requireTeam(db, actor, input.teamId),
  async ({ db }: TeamsDeps, { team, access }, input, actor) => {
    const view = await teamView(db, team, access);
    const joinerId = input.type === 'join' ? actor.userId : input.user_id;
    if (input.type === 'join' && !view.abilities.request_join) {
      if (!can(access, 'join_teams')) throw forbidden();
      throw conflict(
        view.members.length >= (team.maxMembers ?? Infinity)
          ? 'workspace-teams:messages.team_full'
          : 'workspace-teams:messages.already_in_team',
      );
    }
    if (input.type === 'invite' && !view.abilities.invite) {
      if (view.is_member || can(access, 'manage_teams')) {
        throw conflict('workspace-teams:messages.team_full');
      }
      throw forbidden();
    }
    await requireTeamable(db, team.workspaceId, [joinerId], 'user_id');
    if ((await teamIdOf(db, team.workspaceId, joinerId)) !== null) {
      throw conflict('workspace-teams:messages.already_in_team');
    }
    let created: TeamRequestRow;
    try {
      [created] = await db
        .insert(teamRequests)
        .values({
          teamId: team.id,
          workspaceId: team.workspaceId,
          userId: joinerId,
          type: input.type,
          message: input.message || null,
          createdBy: actor.userId,
        })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict('workspace-teams:messages.request_pending');
      }
      throw error;
    }
    const [presented] = await presentRequests(db, viewerOf(actor), eq(teamRequests.id, created.id));
    return presented;
  },
);
