import { inArray } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type {
  FormationMetrics,
  FormationProposal,
  FormationRun,
  TeamMetrics,
} from '@contracts/team-formation';
import { privacyOfIds, type PeoplePrivacy } from '../../auth/privacy';
import type { DbOrTx } from '../../db/client';
import { users, type TeamFormationRunRow, type UserRow } from '../../db/schema';
import type {
  Metrics,
  SplitEvaluation,
  TeamFormationRequest,
  TeamFormationResult,
  TeamMetrics as EngineTeamMetrics,
} from '../../teamformation';
import { skillNamesById } from '../profile';
import { personColumns, presentPerson, type PersonRow } from '../../core/people';

export const requestOf = (run: TeamFormationRunRow) =>
  run.request as unknown as TeamFormationRequest;
export const resultOf = (run: TeamFormationRunRow) =>
  run.result as unknown as TeamFormationResult | null;
export const peopleOf = (run: TeamFormationRunRow) =>
  (requestOf(run).people ?? []).map((person) => Number(person.id));

/** What the viewer may see of a run's people (the engine saw everything). */
export function privacyOfRun(
  db: DbOrTx,
  viewer: Pick<UserRow, 'id' | 'role'>,
  run: TeamFormationRunRow,
) {
  return privacyOfIds(db, viewer, peopleOf(run));
}

/**
 * One team's measures as the viewer may see them. Skills and shared hours are read from the
 * team's members; the personality mix is in standard deviations of the whole run, so it reads
 * everyone in the run.
 */
function redactTeamMetrics(
  privacy: PeoplePrivacy,
  runPeople: readonly number[],
  members: readonly number[],
  metrics: EngineTeamMetrics,
): TeamMetrics {
  return {
    size: metrics.size,
    mean_z: privacy.redact(runPeople, 'personality', metrics.mean_z),
    skills_coverage: privacy.redact(members, 'skills', metrics.skills_coverage),
    missing_skills: privacy.redact(members, 'skills', metrics.missing_skills),
    common_slots: privacy.redact(members, 'availability', metrics.common_slots),
    availability: privacy.redact(members, 'availability', metrics.availability),
  };
}

/** The measures of a whole split: each reads its part of everyone in the run. */
function redactMetrics(
  privacy: PeoplePrivacy,
  runPeople: readonly number[],
  metrics: Metrics,
): FormationMetrics {
  const shown = <T>(group: Parameters<PeoplePrivacy['redact']>[1], value: T) =>
    privacy.redact(runPeople, group, value);
  return {
    team_count: metrics.team_count,
    rho: shown('personality', metrics.rho),
    rho2: shown('personality', metrics.rho2),
    dmax: shown('personality', metrics.dmax),
    skills_mean: shown('skills', metrics.skills_mean),
    skills_min: shown('skills', metrics.skills_min),
    skills_upper_bound: shown('skills', metrics.skills_upper_bound),
    availability_mean: shown('availability', metrics.availability_mean),
    availability_min: shown('availability', metrics.availability_min),
    objective: shown(['personality', 'skills', 'availability'], metrics.objective),
    violations: metrics.violations,
  };
}

/**
 * Which measures nobody gave data for (issue 28): free hours when nobody in the run set any
 * (the engine reads a blank grid as free all week, so every team would read 168 shared hours),
 * skills when the run asked for none (every team would cover 100 % of nothing), personality
 * when fewer than two people finished the self-assessment (there is nothing to balance).
 * Such measures are null, never a perfect score; `no_data` says why.
 */
export function noDataOf(request: TeamFormationRequest) {
  const people = request.people ?? [];
  return {
    personality: people.filter((p) => Boolean(p.big5)).length < 2,
    skills: (request.required_skills ?? []).length === 0,
    availability: !people.some((p) => (p.availability ?? []).length > 0),
  };
}
export type NoData = ReturnType<typeof noDataOf>;

/** Nulls the measures nobody gave data for, for the whole split. */
function withoutEmptyMeasures(metrics: FormationMetrics, noData: NoData): FormationMetrics {
  return {
    ...metrics,
    ...(noData.personality ? { rho: null, rho2: null, dmax: null } : {}),
    ...(noData.skills ? { skills_mean: null, skills_min: null, skills_upper_bound: null } : {}),
    ...(noData.availability ? { availability_mean: null, availability_min: null } : {}),
    // The blend of nothing: 0 would read as the best score there is.
    ...(noData.personality && noData.skills && noData.availability ? { objective: null } : {}),
  };
}

/** The same for one team: also its mix when none of its members finished the assessment. */
function withoutEmptyTeamMeasures(
  metrics: TeamMetrics,
  noData: NoData,
  membersMeasured: boolean,
): TeamMetrics {
  return {
    ...metrics,
    ...(noData.personality || !membersMeasured ? { mean_z: null } : {}),
    ...(noData.skills ? { skills_coverage: null, missing_skills: null } : {}),
    ...(noData.availability ? { common_slots: null, availability: null } : {}),
  };
}

/** A split's measures (a proposal or a hand edit) as the viewer may see them. */
export function presentEvaluation(
  privacy: PeoplePrivacy,
  request: TeamFormationRequest,
  split: readonly (readonly (number | string)[])[],
  evaluation: SplitEvaluation,
) {
  const runPeople = (request.people ?? []).map((person) => Number(person.id));
  const noData = noDataOf(request);
  const measured = new Set(
    (request.people ?? []).filter((p) => Boolean(p.big5)).map((p) => Number(p.id)),
  );
  return {
    metrics: withoutEmptyMeasures(redactMetrics(privacy, runPeople, evaluation.metrics), noData),
    team_metrics: evaluation.team_metrics.map((metrics, i) =>
      withoutEmptyTeamMeasures(
        redactTeamMetrics(privacy, runPeople, split[i].map(Number), metrics),
        noData,
        split[i].some((id) => measured.has(Number(id))),
      ),
    ),
    no_data: noData,
  };
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
  const ids = teamMetrics.flatMap((m) => (m.missing_skills ?? []).filter(isId).map(Number));
  const names = await skillNamesById(db, ids, lang);
  return teamMetrics.map((m) => ({
    ...m,
    missing_skills:
      m.missing_skills?.map((key) => (isId(key) ? (names.get(Number(key)) ?? key) : key)) ?? null,
  }));
}

/**
 * The proposals along the front with their measures as the viewer may see them. Runs stored
 * before proposals existed show their one split as the only proposal.
 */
function presentProposals(
  privacy: PeoplePrivacy,
  request: TeamFormationRequest,
  result: TeamFormationResult,
): FormationProposal[] {
  const proposals = result.proposals ?? [
    {
      kind: 'hours' as const,
      teams: result.teams,
      rho_cap: null,
      metrics: result.metrics,
      team_metrics: result.team_metrics,
    },
  ];
  const same = (a: readonly (readonly unknown[])[], b: readonly (readonly unknown[])[]) =>
    JSON.stringify(a) === JSON.stringify(b);
  return proposals.map((proposal) => ({
    kind: proposal.kind,
    recommended: same(proposal.teams, result.teams),
    rho_cap: proposal.rho_cap,
    metrics: presentEvaluation(privacy, request, proposal.teams, proposal).metrics,
    teams: proposal.teams.map((team) => team.map(Number)),
  }));
}

/** Who reads a run: messages in their words, skills named in their language. */
export interface RunReader {
  t: TFunction;
  lang: 'en' | 'vi';
}

async function peopleById(db: DbOrTx, ids: number[]): Promise<Map<number, PersonRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(personColumns).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The error of a run its process (and the retries of its job) did not finish: a message key. */
export const RUN_INTERRUPTED = 'team-formation:messages.run_interrupted';

/**
 * A run as its owner sees it: the proposal names people, and its measures are per team and
 * per run, never per person, and withheld where they would read a part someone hides.
 */
export async function presentRun(
  db: DbOrTx,
  privacy: PeoplePrivacy,
  run: TeamFormationRunRow,
  reader: RunReader,
): Promise<FormationRun> {
  const request = requestOf(run);
  const result = resultOf(run);
  const people = request.people ?? [];
  const ids = peopleOf(run);
  const evaluation = result && presentEvaluation(privacy, request, result.teams, result);
  const teamMetrics = evaluation
    ? await nameMissingSkills(db, evaluation.team_metrics, reader.lang)
    : null;
  /** Those who have `has` among the people who show `group`, and how many hide it. */
  const covered = (
    group: 'personality' | 'skills' | 'availability',
    has: (p: (typeof people)[number]) => boolean,
  ) => people.filter((p) => privacy.sees(Number(p.id), group) && has(p)).length;
  const persons = await peopleById(db, [...ids, ...(run.createdBy ? [run.createdBy] : [])]);
  const personOf = (id: number) => {
    const row = persons.get(id);
    return row
      ? presentPerson(row)
      : presentPerson({
          id,
          firstName: '?',
          lastName: '',
          email: '',
          avatarUrl: null,
          deletedAt: new Date(0),
          deactivatedAt: null,
        });
  };
  return {
    token: run.token,
    workspace_id: run.workspaceId,
    status: run.status,
    strategy: request.strategy ?? 'mixed',
    weights: result?.weights ?? null,
    people_count: people.length,
    coverage: {
      personality: covered('personality', (p) => Boolean(p.big5)),
      skills: covered('skills', (p) => (p.skills ?? []).length > 0),
      availability: covered('availability', (p) => Boolean(p.availability)),
      hidden: {
        personality: privacy.hiddenCount(ids, 'personality'),
        skills: privacy.hiddenCount(ids, 'skills'),
        availability: privacy.hiddenCount(ids, 'availability'),
      },
    },
    created_by: run.createdBy ? personOf(run.createdBy) : null,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    confirmed_at: run.confirmedAt?.toISOString() ?? null,
    // The engine answers in plain words; the interruption is told in the reader's language.
    error: run.error === RUN_INTERRUPTED ? reader.t(RUN_INTERRUPTED) : run.error,
    teams:
      result && teamMetrics
        ? result.teams.map((team, i) => ({
            members: team.map((id) => personOf(Number(id))),
            metrics: teamMetrics[i],
          }))
        : null,
    metrics: evaluation?.metrics ?? null,
    proposals: result ? presentProposals(privacy, request, result) : null,
    progress: run.progress ?? null,
    no_data: noDataOf(request),
    infeasible: (result?.infeasible ?? []).map(({ rule, message }) => ({ rule, message })),
  };
}
