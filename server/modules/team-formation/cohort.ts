import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { startFormationBody } from '@contracts/team-formation';
import { learnerIds, currentTeamMembership } from '../../core/workspace-ids';
import type { DbOrTx } from '../../db/client';
import { personalityAnswers, teamMembers, userProfiles } from '../../db/schema';
import { validationFailed } from '../../http/errors';
import type { TeamFormationRequest } from '../../teamformation';
import { factorScores } from '../profile';
import { resolveWorkspaceSkills, skillsByUser } from '../profile';
import { busyWeekSlots } from '../calendar';
import { requireTeamable } from '../workspace-teams';

type StartBody = z.output<typeof startFormationBody>;

/** By default a run forms teams of the members (role member) who have no team yet. */
export async function membersWithoutTeam(db: DbOrTx, workspaceId: number): Promise<number[]> {
  const inTeams = db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(currentTeamMembership(workspaceId));
  return learnerIds(db, workspaceId, inTeams);
}

/**
 * The engine input for a run: each person's factor sums (when their self-assessment is
 * finished), skills and free hours from their profile, and group marks for the isolation
 * rule. Skills reach the engine as catalogue ids, so a name in either language is one skill.
 */
export async function buildFormationRequest(
  db: DbOrTx,
  body: StartBody,
): Promise<TeamFormationRequest> {
  const userIds = body.user_ids ?? (await membersWithoutTeam(db, body.workspace_id));
  if (userIds.length === 0)
    throw validationFailed({ user_ids: 'team-formation:messages.no_people' });
  await requireTeamable(db, body.workspace_id, userIds);
  const chosen = new Set(userIds);
  const outside = (ids: number[]) => ids.some((id) => !chosen.has(id));
  const fields: Record<string, string> = {};
  body.groups.forEach((group, i) => {
    if (outside(group.user_ids))
      fields[`groups.${i}.user_ids`] = 'team-formation:messages.not_in_run';
  });
  body.keep_together.forEach((ids, i) => {
    if (outside(ids)) fields[`keep_together.${i}`] = 'team-formation:messages.not_in_run';
  });
  body.keep_apart.forEach((pair, i) => {
    if (outside(pair)) fields[`keep_apart.${i}`] = 'team-formation:messages.not_in_run';
    else if (pair[0] === pair[1]) fields[`keep_apart.${i}`] = 'team-formation:messages.pair_twice';
  });
  const required = await resolveWorkspaceSkills(db, body.workspace_id, {
    ids: body.required_skill_ids,
    names: body.required_skills,
  });
  body.required_skill_ids.forEach((id, i) => {
    if (required.unknownIds.includes(id))
      fields[`required_skill_ids.${i}`] = 'profile:messages.skill_unknown';
  });
  if (Object.keys(fields).length > 0) throw validationFailed(fields);

  const [answers, profiles, skills, busy] = await Promise.all([
    db.select().from(personalityAnswers).where(inArray(personalityAnswers.userId, userIds)),
    db.select().from(userProfiles).where(inArray(userProfiles.userId, userIds)),
    skillsByUser(db, userIds),
    // Busy hours from synced calendars, for people who allow it (docs/decisions/calendar.md).
    busyWeekSlots(db, userIds),
  ]);
  const big5 = new Map(
    answers.flatMap((row) => {
      const sums = row.completedAt ? factorScores(row.answers) : null;
      return sums ? [[row.userId, sums] as const] : [];
    }),
  );
  const availability = new Map(profiles.map((p) => [p.userId, p.availability]));
  return {
    team_size: body.team_size,
    strategy: body.strategy,
    ...(body.strategy === 'mixed' && body.weights ? { weights: body.weights } : {}),
    // A name nobody's catalogue has stays as typed: no team can cover it, and it says so.
    required_skills: [...required.ids.map(String), ...required.unknownNames],
    availability_target: body.availability_target,
    no_isolated: body.groups.map((_, i) => ({ attribute: `group_${i}`, value: true })),
    keep_together: body.keep_together,
    keep_apart: body.keep_apart,
    seed: body.seed ?? Math.floor(Math.random() * 2_147_483_647),
    people: userIds.map((id) => {
      const given = availability.get(id) ?? [];
      const taken = busy.get(id);
      const free = taken
        ? (given.length > 0 ? given : Array.from({ length: 168 }, (_, slot) => slot)).filter(
            (slot) => !taken.has(slot),
          )
        : given;
      return {
        id,
        ...(big5.has(id) ? { big5: big5.get(id) } : {}),
        skills: (skills.get(id) ?? []).map((s) => String(s.id)),
        // No hours given reads as "free any time" to the engine, so nobody is punished for it.
        ...(free.length > 0 ? { availability: free } : {}),
        attributes: Object.fromEntries(
          body.groups.flatMap((group, i) =>
            group.user_ids.includes(id) ? [[`group_${i}`, true]] : [],
          ),
        ),
      };
    }),
  };
}
