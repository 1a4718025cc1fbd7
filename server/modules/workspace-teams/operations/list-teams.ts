import { asc } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { teams } from '../../../db/schema';
import { membersOf, presentTeam, teamIdOf } from '../load';
import type { TeamsDeps } from './deps';
import { activeTeams } from '../../../core/workspace-ids';

/** The workspace's active teams and the actor's own team. */
export async function listTeams(deps: TeamsDeps, actor: Actor, workspaceId: number) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, workspaceId, 'view_workspace');
  const rows = await db
    .select()
    .from(teams)
    .where(activeTeams(workspaceId))
    .orderBy(asc(teams.name), asc(teams.id));
  const members = await membersOf(
    db,
    rows.map((team) => team.id),
  );
  const viewerTeamId = await teamIdOf(db, workspaceId, access.userId);
  const list = rows.map((team) => presentTeam(team, members.get(team.id)!, access, viewerTeamId));
  return { teams: list, user_team: list.find((team) => team.is_member) ?? null };
}
