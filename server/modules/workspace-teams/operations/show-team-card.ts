import { and, count, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { teamRequests } from '../../../db/schema';
import { requireTeam, teamView } from '../load';
import { informationOfPeople } from '../people-sets';
import type { TeamsDeps } from './deps';

/** A team as a card: members, skills, shared free hours, open requests. */
export async function showTeamCard(deps: TeamsDeps, actor: Actor, teamId: number) {
  const { db } = deps;
  const { team, access } = await requireTeam(db, actor, teamId);
  const view = await teamView(db, team, access);
  const memberIds = view.members.map((m) => m.id);
  const information = await informationOfPeople(
    db,
    { id: actor.userId, role: actor.role },
    memberIds,
  );
  const [pending] = await db
    .select({ n: count() })
    .from(teamRequests)
    .where(and(eq(teamRequests.teamId, team.id), eq(teamRequests.status, 'pending')));
  return {
    team: view,
    workspace: { id: access.workspace.id, name: access.workspace.name },
    skills: information.skills,
    common_slots: information.availability.common_slots,
    pending_requests: pending.n,
  };
}
