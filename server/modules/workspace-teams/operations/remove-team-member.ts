import { operationOn } from '../../../core/actor';
import { forbidden, notFound } from '../../../http/errors';
import { removeFromTeam } from '../lifecycle';
import { requireTeam, teamView } from '../load';
import type { TeamsDeps } from './deps';

/** Takes someone out of a team (owners and admins, or the leader of a self-made team). */
export const removeTeamMember = operationOn(
  (db, actor, input: { teamId: number; userId: number }) => requireTeam(db, actor, input.teamId),
  async ({ db }: TeamsDeps, { team, access }, input) => {
    const view = await teamView(db, team, access);
    const leads =
      team.selfTeam && view.members.some((m) => m.id === access.userId && m.role === 'leader');
    if (!view.abilities.manage_members && !leads) throw forbidden();
    if (!view.members.some((m) => m.id === input.userId)) {
      throw notFound('workspace-teams:messages.not_a_member');
    }
    await db.transaction((tx) => removeFromTeam(tx, team, input.userId));
  },
);
