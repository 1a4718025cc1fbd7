import type { Actor } from '../../../core/actor';
import { conflict } from '../../../http/errors';
import { removeFromTeam } from '../lifecycle';
import { requireTeam, teamIdOf } from '../load';
import type { TeamsDeps } from './deps';

/** The actor leaves their team. */
export async function leaveTeam(deps: TeamsDeps, actor: Actor, teamId: number) {
  const { db } = deps;
  const { team, access } = await requireTeam(db, actor, teamId);
  if ((await teamIdOf(db, team.workspaceId, access.userId)) !== team.id) {
    throw conflict('workspace-teams:messages.not_in_this_team');
  }
  await db.transaction((tx) => removeFromTeam(tx, team, access.userId));
}
