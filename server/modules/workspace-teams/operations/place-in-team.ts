import { eq } from 'drizzle-orm';
import { operationOn } from '../../../core/actor';
import { teams } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import { closeOtherRequests, removeFromTeam } from '../lifecycle';
import {
  activeMemberCount,
  addMembers,
  requireTeam,
  requireTeamable,
  teamIdOf,
  teamView,
} from '../load';
import type { TeamsDeps } from './deps';

/** Puts a member in a team, out of any other team (owners and admins). */
export const placeInTeam = operationOn(
  (db, actor, input: { teamId: number; userId: number }) =>
    requireTeam(db, actor, input.teamId, 'manage_teams'),
  async ({ db }: TeamsDeps, { team, access }, input) => {
    const { userId } = input;
    await requireTeamable(db, team.workspaceId, [userId], 'user_id');
    const current = await teamIdOf(db, team.workspaceId, userId);
    if (current === team.id) throw conflict('workspace-teams:messages.already_in_team');
    if (team.maxMembers !== null && (await activeMemberCount(db, team.id)) >= team.maxMembers) {
      throw conflict('workspace-teams:messages.team_full');
    }
    await db.transaction(async (tx) => {
      if (current !== null) {
        const [other] = await tx.select().from(teams).where(eq(teams.id, current));
        await removeFromTeam(tx, other, userId);
      }
      await addMembers(tx, team, [userId]);
      await closeOtherRequests(tx, team.workspaceId, userId);
    });
    return teamView(db, team, access);
  },
);
