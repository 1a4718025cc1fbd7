import type { Actor } from '../../../core/actor';
import { requireTeam, teamView } from '../load';
import type { TeamsDeps } from './deps';

/** One team with its members and what the actor may do with it. */
export async function showTeam(deps: TeamsDeps, actor: Actor, teamId: number) {
  const { team, access } = await requireTeam(deps.db, actor, teamId);
  return teamView(deps.db, team, access);
}
