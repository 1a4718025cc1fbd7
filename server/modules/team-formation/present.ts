import { inArray } from 'drizzle-orm';
import type { FormationRun } from '@contracts/team-formation';
import type { DbOrTx } from '../../db/client';
import { users, type TeamFormationRunRow } from '../../db/schema';
import type { TeamFormationRequest, TeamFormationResult, TeamMetrics } from '../../teamformation';
import { skillNamesById } from '../profile/skills';
import { personColumns, presentPerson, type PersonRow } from '../workspaces/present';

export const requestOf = (run: TeamFormationRunRow) =>
  run.request as unknown as TeamFormationRequest;
export const resultOf = (run: TeamFormationRunRow) =>
  run.result as unknown as TeamFormationResult | null;
export const peopleOf = (run: TeamFormationRunRow) =>
  (requestOf(run).people ?? []).map((person) => Number(person.id));

async function peopleById(db: DbOrTx, ids: number[]): Promise<Map<number, PersonRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(personColumns).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The engine knows skills by catalogue id (see cohort.ts); people read their names. Keys that
 * are not ids (a name no catalogue has, or runs stored before ids) stay as they are.
 */
export async function nameMissingSkills(
  db: DbOrTx,
  teamMetrics: readonly TeamMetrics[],
  lang: 'en' | 'vi',
): Promise<TeamMetrics[]> {
  const isId = (key: string) => /^\d+$/.test(key);
  const ids = teamMetrics.flatMap((m) => m.missing_skills.filter(isId).map(Number));
  const names = await skillNamesById(db, ids, lang);
  return teamMetrics.map((m) => ({
    ...m,
    missing_skills: m.missing_skills.map((key) =>
      isId(key) ? (names.get(Number(key)) ?? key) : key,
    ),
  }));
}

/** A run as its owner sees it: the proposal names people, and metrics are per team only. */
export async function presentRun(
  db: DbOrTx,
  run: TeamFormationRunRow,
  lang: 'en' | 'vi',
): Promise<FormationRun> {
  const request = requestOf(run);
  const result = resultOf(run);
  const people = request.people ?? [];
  const ids = peopleOf(run);
  const persons = await peopleById(db, [...ids, ...(run.createdBy ? [run.createdBy] : [])]);
  const personOf = (id: number) => {
    const row = persons.get(id);
    return row
      ? presentPerson(row)
      : { id, name: '?', email: '', avatar_url: null, is_deleted: true, is_deactivated: false };
  };
  return {
    token: run.token,
    workspace_id: run.workspaceId,
    status: run.status,
    strategy: request.strategy ?? 'mixed',
    weights: result?.weights ?? null,
    people_count: people.length,
    coverage: {
      personality: people.filter((p) => p.big5).length,
      skills: people.filter((p) => (p.skills ?? []).length > 0).length,
      availability: people.filter((p) => p.availability).length,
    },
    created_by: run.createdBy ? personOf(run.createdBy) : null,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    confirmed_at: run.confirmedAt?.toISOString() ?? null,
    error: run.error,
    teams: result
      ? await nameMissingSkills(db, result.team_metrics, lang).then((metrics) =>
          result.teams.map((team, i) => ({
            members: team.map((id) => personOf(Number(id))),
            metrics: metrics[i],
          })),
        )
      : null,
    metrics: result?.metrics ?? null,
    infeasible: (result?.infeasible ?? []).map(({ rule, message }) => ({ rule, message })),
  };
}
