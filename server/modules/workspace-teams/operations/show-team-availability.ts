import type { Actor } from '../../../core/actor';
import { membersOf, requireTeam } from '../load';
import { availabilityOfPeople } from '../people-sets';
import type { TeamsDeps } from './deps';

/** The team's free hours: per-hour counts and the hours all are free. */
export async function showTeamAvailability(deps: TeamsDeps, actor: Actor, teamId: number) {
  const { db } = deps;
  const { team } = await requireTeam(db, actor, teamId);
  const members = (await membersOf(db, [team.id])).get(team.id)!;
  return availabilityOfPeople(
    db,
    { id: actor.userId, role: actor.role },
    members.map((m) => m.membership.userId),
  );
}
