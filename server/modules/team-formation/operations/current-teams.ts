import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Person } from '@contracts/people';
import type { TeamMetrics } from '@contracts/team-formation';
import { privacyOfIds } from '../../../auth/privacy';
import type { Actor } from '../../../core/actor';
import { presentPerson, personColumns } from '../../../core/people';
import { workspaceOperation } from '../../../core/workspace-access';
import { membersInRoles, activeTeams } from '../../../core/workspace-ids';
import type { DbOrTx } from '../../../db/client';
import { teamMembers, teams, users, workspaceMembers } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { scoreTeams, type TeamFormationRequest } from '../../../teamformation';
import { membersWithoutTeam } from '../cohort';
import { standingTeamsRequest } from '../measure-teams';
import { presentEvaluation } from '../present';
import type { TeamFormationDeps } from './deps';

/** Roles whose people the engine scores (viewers and deactivated members are never placed). */
const TEAMABLE = ['owner', 'admin', 'member'] as const;
/** The most people weighed as someone who could join a team (each is one scoring of the split). */
const MAX_CANDIDATES = 60;

interface CurrentTeam {
  id: number;
  name: string;
  memberIds: number[];
}

/** The workspace's active teams with their teamable members, in name order. */
async function currentTeams(db: DbOrTx, workspaceId: number): Promise<CurrentTeam[]> {
  const rows = await db
    .select({ teamId: teams.id, name: teams.name, userId: teamMembers.userId })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), isNull(teamMembers.deletedAt)))
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, teams.workspaceId),
        eq(workspaceMembers.userId, teamMembers.userId),
      ),
    )
    .where(activeTeams(workspaceId))
    .orderBy(asc(teams.name), asc(teams.id), asc(teamMembers.userId));
  const byId = new Map<number, CurrentTeam>();
  for (const row of rows) {
    const team = byId.get(row.teamId) ?? { id: row.teamId, name: row.name, memberIds: [] };
    byId.set(row.teamId, team);
    if (row.userId !== null && !team.memberIds.includes(row.userId))
      team.memberIds.push(row.userId);
  }
  const ids = [...byId.values()].flatMap((t) => t.memberIds);
  const teamable = await membersInRoles(db, workspaceId, ids, TEAMABLE);
  return [...byId.values()].map((t) => ({
    ...t,
    memberIds: t.memberIds.filter((id) => teamable.has(id)),
  }));
}

/**
 * How balanced the current teams are: the formation measures (spec 7.3, the engine's own
 * scoring) of the workspace's teams as they stand, as the actor may see them (the privacy
 * each person chose redacts what reads them). For those who form teams.
 */
export const scoreCurrentTeams = workspaceOperation(
  'form_teams',
  async ({ db }: TeamFormationDeps, _access, input: { workspaceId: number }, actor: Actor) => {
    const formed = (await currentTeams(db, input.workspaceId)).filter(
      (t) => t.memberIds.length > 0,
    );
    if (formed.length === 0) return { teams: [], metrics: null, no_data: null };
    const people = formed.flatMap((t) => t.memberIds);
    const request = await standingTeamsRequest(db, input.workspaceId, people);
    const split = formed.map((t) => t.memberIds);
    const privacy = await privacyOfIds(db, { id: actor.userId, role: actor.role }, people);
    const shown = presentEvaluation(privacy, request, split, scoreTeams(request, split));
    return {
      teams: formed.map((t, i) => ({ id: t.id, name: t.name, metrics: shown.team_metrics[i] })),
      metrics: shown.metrics,
      no_data: shown.no_data,
    };
  },
);

/** One team's distance from a balanced team on the measures the viewer may see; lower is better. */
function distance(
  metrics: TeamMetrics,
  use: { personality: boolean; availability: boolean; skills: boolean },
) {
  let total = 0;
  if (use.personality && metrics.mean_z) {
    const z = Object.values(metrics.mean_z);
    total += Math.sqrt(z.reduce((sum, v) => sum + v * v, 0) / z.length);
  }
  if (use.availability && metrics.availability !== null) total += 1 - metrics.availability;
  if (use.skills && metrics.skills_coverage !== null) total += 1 - metrics.skills_coverage;
  return total;
}

/**
 * Who could join a team: each member with no team (and each member of another team of two or
 * more) is placed in it in turn, and the split is scored again. Those after whom the team is
 * nearer a balanced one (its personality mix nearer the cohort's, more shared free hours, more
 * of the required skills), on the measures the actor may see, best first.
 */
export const candidatesForTeam = workspaceOperation(
  'form_teams',
  async (
    { db }: TeamFormationDeps,
    _access,
    input: { workspaceId: number; teamId: number; limit?: number },
    actor: Actor,
  ) => {
    const all = await currentTeams(db, input.workspaceId);
    const target = all.find((t) => t.id === input.teamId);
    if (!target) throw notFound('workspace-teams:messages.team_not_found');
    const formed = all.filter((t) => t.memberIds.length > 0 || t.id === target.id);
    const unassigned = await membersWithoutTeam(db, input.workspaceId);
    const fromTeams = formed
      .filter((t) => t.id !== target.id && t.memberIds.length > 1)
      .flatMap((t) => t.memberIds.map((id) => ({ id, from: t })));
    const candidates = [
      ...unassigned.map((id) => ({ id, from: null as CurrentTeam | null })),
      ...fromTeams,
    ].slice(0, MAX_CANDIDATES);
    const base = {
      team: { id: target.id, name: target.name },
      candidates: [] as (Candidate & { person: Person })[],
    };
    if (candidates.length === 0) return base;

    const people = [...formed.flatMap((t) => t.memberIds), ...unassigned];
    const request: TeamFormationRequest = await standingTeamsRequest(db, input.workspaceId, people);
    const privacy = await privacyOfIds(db, { id: actor.userId, role: actor.role }, people);
    const targetIndex = formed.findIndex((t) => t.id === target.id);
    const score = (split: number[][]) => {
      // Nobody may be in an empty team: drop empty ones, keeping the target's place known.
      const kept = split.map((members, i) => ({ members, i })).filter((s) => s.members.length > 0);
      const shown = presentEvaluation(
        privacy,
        request,
        kept.map((s) => s.members),
        scoreTeams(
          request,
          kept.map((s) => s.members),
        ),
      );
      const at = kept.findIndex((s) => s.i === targetIndex);
      return at === -1 ? null : shown.team_metrics[at];
    };
    const baseSplit = [...formed.map((t) => [...t.memberIds]), unassigned];
    const before = score(baseSplit);
    const ranked: Candidate[] = [];
    for (const candidate of candidates) {
      const split = baseSplit.map((members) => members.filter((id) => id !== candidate.id));
      split[targetIndex].push(candidate.id);
      const after = score(split);
      if (!after) continue;
      const use = {
        personality: Boolean(after.mean_z && before?.mean_z),
        availability: after.availability !== null && (before?.availability ?? null) !== null,
        skills: after.skills_coverage !== null && (before?.skills_coverage ?? null) !== null,
      };
      if (!before || (!use.personality && !use.availability && !use.skills)) continue;
      const gain = distance(before, use) - distance(after, use);
      if (gain > 1e-9) {
        ranked.push({
          user_id: candidate.id,
          from_team: candidate.from ? { id: candidate.from.id, name: candidate.from.name } : null,
          gain: Math.round(gain * 1000) / 1000,
          before,
          after,
        });
      }
    }
    ranked.sort((a, b) => b.gain - a.gain || a.user_id - b.user_id);
    const top = ranked.slice(0, input.limit ?? 5);
    const personRows =
      top.length === 0
        ? []
        : await db
            .select(personColumns)
            .from(users)
            .where(
              inArray(
                users.id,
                top.map((c) => c.user_id),
              ),
            );
    const byId = new Map(personRows.map((p) => [p.id, presentPerson(p)]));
    return {
      ...base,
      candidates: top.map((c) => ({ ...c, person: byId.get(c.user_id)! })),
    };
  },
);

interface Candidate {
  user_id: number;
  from_team: { id: number; name: string } | null;
  gain: number;
  before: TeamMetrics;
  after: TeamMetrics;
}
