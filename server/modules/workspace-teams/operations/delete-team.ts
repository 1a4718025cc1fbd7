import type { Actor } from '../../../core/actor';
import { forbidden } from '../../../http/errors';
import { softDeleteTeam } from '../lifecycle';
import { requireTeam, teamView } from '../load';
import type { TeamsDeps } from './deps';

/**
 * Deletes a team (kept with deleted_at): owners and admins any team, or with `byMember` the
 * leader of a self-made team.
 */
export async function deleteTeam(
  deps: TeamsDeps,
  actor: Actor,
  input: { teamId: number; byMember: boolean },
) {
  const { db } = deps;
  if (input.byMember) {
    const { team, access } = await requireTeam(db, actor, input.teamId);
    if (!(await teamView(db, team, access)).abilities.delete_by_member) throw forbidden();
    await db.transaction((tx) => softDeleteTeam(tx, team));
    return;
  }
  const { team } = await requireTeam(db, actor, input.teamId, 'manage_teams');
  await db.transaction((tx) => softDeleteTeam(tx, team));
}
