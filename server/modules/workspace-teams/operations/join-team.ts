import type { Actor } from '../../../core/actor';
import { conflict, forbidden } from '../../../http/errors';
import { closeOtherRequests } from '../lifecycle';
import { addMembers, requireTeam, requireTeamable, teamIdOf, teamView } from '../load';
import type { TeamsDeps } from './deps';

/** The actor signs up to a team that takes sign-ups and has room. */
export async function joinTeam(deps: TeamsDeps, actor: Actor, teamId: number) {
  const { db } = deps;
  const { team, access } = await requireTeam(db, actor, teamId, 'join_teams');
  const view = await teamView(db, team, access);
  if (!view.abilities.subscribe) {
    if (!team.subscribable) throw forbidden('workspace-teams:messages.not_subscribable');
    if (view.is_member || (await teamIdOf(db, team.workspaceId, access.userId)) !== null) {
      throw conflict('workspace-teams:messages.already_in_team');
    }
    throw conflict('workspace-teams:messages.team_full');
  }
  await requireTeamable(db, team.workspaceId, [access.userId], 'team');
  await db.transaction(async (tx) => {
    await addMembers(tx, team, [access.userId]);
    await closeOtherRequests(tx, team.workspaceId, access.userId);
  });
  return teamView(db, team, access);
}
