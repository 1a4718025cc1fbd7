import { eq } from 'drizzle-orm';
import { operationOn } from '../../../core/actor';
import { teamMembers, teams } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import { closeOtherRequests, removeFromTeam } from '../lifecycle';
import {
  addMembers,
  membersOf,
  peopleWithTeam,
  requireTeam,
  requireTeamable,
  teamView,
} from '../load';
import type { TeamsDeps } from './deps';
import { currentTeamMembership } from '../../../core/workspace-ids';

/** Sets a team's members (owners and admins); `move` takes them out of other teams. */
export const setTeamMembers = operationOn(
  (db, actor, input: { teamId: number; userIds: number[]; move: boolean }) =>
    requireTeam(db, actor, input.teamId, 'manage_teams'),
  async ({ db }: TeamsDeps, { team, access }, input) => {
    const wanted = input.userIds;
    await requireTeamable(db, team.workspaceId, wanted);
    if (team.maxMembers !== null && wanted.length > team.maxMembers) {
      throw conflict('workspace-teams:messages.team_full');
    }
    await db.transaction(async (tx) => {
      const elsewhere = await peopleWithTeam(tx, team.workspaceId, wanted, team.id);
      if (elsewhere.length > 0 && !input.move) {
        throw conflict('workspace-teams:messages.in_other_team', { count: elsewhere.length });
      }
      for (const userId of elsewhere) {
        const [other] = await tx
          .select({ team: teams })
          .from(teamMembers)
          .innerJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(currentTeamMembership(team.workspaceId, userId));
        await removeFromTeam(tx, other.team, userId);
      }
      const current = (await membersOf(tx, [team.id])).get(team.id)!;
      const currentIds = current.map((m) => m.membership.userId);
      for (const userId of currentIds.filter((id) => !wanted.includes(id))) {
        await removeFromTeam(tx, team, userId);
      }
      const added = wanted.filter((id) => !currentIds.includes(id));
      await addMembers(tx, team, added);
      for (const userId of added) await closeOtherRequests(tx, team.workspaceId, userId);
    });
    // Emptying a self-made team deletes it; the answer then shows it deleted.
    const [fresh] = await db.select().from(teams).where(eq(teams.id, team.id));
    return teamView(db, fresh, access);
  },
);
