import { and, desc, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  DASHBOARD_THRESHOLD,
  PERIOD_WEEKS,
  type DashboardPeriod,
  type WorkspaceDashboard,
} from '@contracts/dashboard';
import type { Actor } from '../../../core/actor';
import { learnerIds, activeTeams, currentTeamMembership } from '../../../core/workspace-ids';
import { workspaceAccessFor } from '../../../core/workspace-access';
import {
  assessmentEvaluables,
  assessments,
  chatMessages,
  chats,
  keyResultAnswers,
  keyResults,
  objectiveOwners,
  taskAssignments,
  taskEvents,
  tasks,
  teamFormationRuns,
  teamMembers,
  teams,
} from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import { derivedStatus, loadWorkspaceTree, percent } from '../../okrs';
import { measureTeams } from '../../team-formation';
import { rate, safePart, shownParts } from '../anonymity';
import type { DashboardDeps } from './deps';

const DAY = 86_400_000;
const WEEK = 7 * DAY;

/** Monday 00:00 UTC of the week `at` is in. */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
}

/** The weeks of a period, oldest first, the current one last. */
export function weeksOf(period: DashboardPeriod, now: Date): Date[] {
  const last = weekStart(now).getTime();
  const count = PERIOD_WEEKS[period];
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * WEEK));
}

const day = (at: Date) => at.toISOString().slice(0, 10);
const union = (sets: Iterable<ReadonlySet<number>>) => {
  const all = new Set<number>();
  for (const set of sets) for (const id of set) all.add(id);
  return all;
};

/** One unit of work as the figures read it: whose it is, when due, where it stands. */
interface Unit {
  people: Set<number>;
  teamId: number | null;
  userId: number | null;
  taskOpen: boolean;
  expiredAt: Date;
  status: string;
}

const SUBMITTED = new Set(['submitted', 'returned', 'resubmitted', 'closed']);
const REVIEWED = new Set(['returned', 'resubmitted', 'closed']);
const NOT_HANDED_IN = new Set(['todo', 'returned']);

export interface WorkspaceDashboardInput {
  workspaceId: number;
  period: DashboardPeriod;
  teamId?: number;
  now?: Date;
}

/**
 * The workspace dashboard (spec 2.6, issue 34) for its owners and admins: tasks handed in and
 * reviewed week by week, overdue work, OKRs, 360 completion, teams and their balance, and who
 * was active. Figures are about the workspace's members (role member), or one team's; every
 * figure about people follows anonymity.ts, with the assessments' smallest threshold.
 */
export async function showWorkspaceDashboard(
  deps: DashboardDeps,
  actor: Actor,
  input: WorkspaceDashboardInput,
): Promise<WorkspaceDashboard> {
  const { db } = deps;
  const { workspaceId, period, teamId } = input;
  await workspaceAccessFor(db, actor, workspaceId, 'view_member_reports');
  const now = input.now ?? new Date();
  const k = DASHBOARD_THRESHOLD;

  const [memberIds, teamRows, teamMemberRows] = await Promise.all([
    learnerIds(db, workspaceId),
    db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(activeTeams(workspaceId))
      .orderBy(teams.id),
    db
      .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
      .from(teamMembers)
      .where(currentTeamMembership(workspaceId)),
  ]);
  if (teamId !== undefined && !teamRows.some((team) => team.id === teamId)) {
    throw validationFailed({ team_id: 'dashboard:messages.team_unknown' });
  }
  const everyone = new Set(memberIds);
  const teamOf = new Map<number, number>();
  const membersOf = new Map<number, Set<number>>(teamRows.map((team) => [team.id, new Set()]));
  for (const row of teamMemberRows) {
    membersOf.get(row.teamId)?.add(row.userId);
    if (everyone.has(row.userId)) teamOf.set(row.userId, row.teamId);
  }
  const group =
    teamId === undefined
      ? everyone
      : new Set([...(membersOf.get(teamId) ?? [])].filter((id) => everyone.has(id)));
  const filtered = teamId !== undefined;
  const suppressed = !safePart(group.size, filtered ? everyone.size : group.size, k);
  const weeks = weeksOf(period, now);

  const base: WorkspaceDashboard = {
    period,
    team_id: teamId ?? null,
    threshold: k,
    people: group.size,
    suppressed,
    tasks: {
      weeks: weeks.map((week) => ({
        week: day(week),
        due: null,
        submitted: null,
        reviewed: null,
        submission_rate: null,
        review_rate: null,
      })),
      due: null,
      submitted: null,
      reviewed: null,
      submission_rate: null,
      review_rate: null,
    },
    overdue: { units: null, people_with: null, people_without: null, by_team: [] },
    okrs: {
      objectives: 0,
      mean_progress: null,
      status_mix: { 'on trace': 0, 'at risk': 0, 'has issue': 0, none: 0 },
    },
    assessments: [],
    teams: {
      teams: 0,
      people_in_teams: 0,
      people_without_team: 0,
      formation: null,
      balance: null,
      no_data: { personality: false, skills: false, availability: false },
      by_team: [],
    },
    activity: weeks.map((week) => ({ week: day(week), active: null, share: null })),
    team_choices: teamRows,
  };
  if (suppressed) return base;

  // ------------------------------------------------------------ units of work
  const unitRows = await db
    .select({
      userId: taskAssignments.userId,
      teamId: taskAssignments.teamId,
      status: taskAssignments.status,
      taskStatus: tasks.status,
      expiredAt: tasks.expiredAt,
    })
    .from(taskAssignments)
    .innerJoin(tasks, eq(tasks.id, taskAssignments.taskId))
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        isNull(tasks.parentId),
        ne(tasks.status, 'archived'),
        isNotNull(tasks.expiredAt),
      ),
    );
  const units: Unit[] = unitRows.flatMap((row) => {
    const people =
      row.userId !== null
        ? new Set(everyone.has(row.userId) ? [row.userId] : [])
        : new Set([...(membersOf.get(row.teamId ?? 0) ?? [])].filter((id) => everyone.has(id)));
    if (people.size === 0 || row.expiredAt === null) return [];
    return [
      {
        people,
        teamId: row.teamId,
        userId: row.userId,
        taskOpen: row.taskStatus === 'open',
        expiredAt: row.expiredAt,
        status: row.status,
      },
    ];
  });
  const inGroup = (unit: Unit) =>
    !filtered || (unit.teamId !== null ? unit.teamId === teamId : group.has(unit.userId ?? 0));

  // Week by week: a week shows when the people with work due that week are enough, and (in a
  // team's view) so are the others of the workspace with work due that week.
  let due = 0;
  let submitted = 0;
  let reviewed = 0;
  const taskWeeks = weeks.map((week, i) => {
    const end = week.getTime() + WEEK;
    const dueThen = units.filter(
      (u) =>
        u.expiredAt.getTime() >= week.getTime() &&
        u.expiredAt.getTime() < end &&
        u.expiredAt.getTime() <= now.getTime(),
    );
    const mine = dueThen.filter(inGroup);
    const people = union(mine.map((u) => u.people));
    const all = union(dueThen.map((u) => u.people));
    const shown = filtered ? safePart(people.size, all.size, k) : people.size >= k;
    if (!shown) return base.tasks.weeks[i];
    const weekDue = mine.length;
    const weekSubmitted = mine.filter((u) => SUBMITTED.has(u.status)).length;
    const weekReviewed = mine.filter((u) => REVIEWED.has(u.status)).length;
    due += weekDue;
    submitted += weekSubmitted;
    reviewed += weekReviewed;
    return {
      week: day(week),
      due: weekDue,
      submitted: weekSubmitted,
      reviewed: weekReviewed,
      submission_rate: rate(weekSubmitted, weekDue),
      review_rate: rate(weekReviewed, weekSubmitted),
    };
  });
  // The totals add up the weeks shown only, so no two periods differ by a hidden week.
  const anyWeek = taskWeeks.some((week) => week.due !== null);
  const tasksFigures: WorkspaceDashboard['tasks'] = {
    weeks: taskWeeks,
    due: anyWeek ? due : null,
    submitted: anyWeek ? submitted : null,
    reviewed: anyWeek ? reviewed : null,
    submission_rate: anyWeek ? rate(submitted, due) : null,
    review_rate: anyWeek ? rate(reviewed, submitted) : null,
  };

  // ------------------------------------------------------------ overdue work
  const overdueUnits = units.filter(
    (u) => u.taskOpen && u.expiredAt.getTime() < now.getTime() && NOT_HANDED_IN.has(u.status),
  );
  const mineOverdue = overdueUnits.filter(inGroup);
  const late = union(mineOverdue.map((u) => u.people));
  const lateInGroup = [...late].filter((id) => group.has(id)).length;
  const [withShown, withoutShown] = shownParts([lateInGroup, group.size - lateInGroup], k);
  // Parts of the view: each team, and the members with no team (a team's own view is one part).
  const parts = (
    filtered
      ? teamRows.filter((team) => team.id === teamId)
      : [...teamRows, { id: null as number | null, name: null as string | null }]
  ).map((team) => {
    const people =
      team.id === null
        ? [...group].filter((id) => !teamOf.has(id))
        : [...group].filter((id) => teamOf.get(id) === team.id);
    const overdue = mineOverdue.filter((u) =>
      u.teamId !== null ? u.teamId === team.id : (teamOf.get(u.userId ?? 0) ?? null) === team.id,
    ).length;
    return { team_id: team.id, name: team.name, people: people.length, overdue };
  });
  const partShown = shownParts(
    parts.map((part) => part.people),
    k,
  );
  const overdue: WorkspaceDashboard['overdue'] = {
    units: mineOverdue.length,
    people_with: withShown ? lateInGroup : null,
    people_without: withoutShown ? group.size - lateInGroup : null,
    by_team: parts
      .filter((part) => part.team_id !== null || part.people > 0)
      .map((part) => ({
        ...part,
        overdue: partShown[parts.indexOf(part)] ? part.overdue : null,
      })),
  };

  const [okrs, assessmentFigures, teamFigures, activity] = await Promise.all([
    okrFigures(deps, workspaceId, filtered ? group : null),
    assessmentCompletion(deps, workspaceId, group, everyone, filtered, k),
    teamsFigures(deps, workspaceId, teamRows, membersOf, group, everyone, teamId, k),
    activityFigures(deps, workspaceId, weeks, now, group),
  ]);
  return {
    ...base,
    tasks: tasksFigures,
    overdue,
    okrs,
    assessments: assessmentFigures,
    teams: teamFigures,
    activity,
  };
}

/** Objectives are records, not people: progress and status of the open ones (or the team's). */
async function okrFigures(
  deps: DashboardDeps,
  workspaceId: number,
  owners: ReadonlySet<number> | null,
): Promise<WorkspaceDashboard['okrs']> {
  const tree = await loadWorkspaceTree(deps.db, workspaceId);
  let open = tree.objectives.filter((o) => o.status === 'open');
  if (owners) {
    const ids = open.map((o) => o.id);
    const owned =
      ids.length === 0
        ? []
        : await deps.db
            .select({ objectiveId: objectiveOwners.objectiveId, userId: objectiveOwners.userId })
            .from(objectiveOwners)
            .where(inArray(objectiveOwners.objectiveId, ids));
    const theirs = new Set(owned.filter((o) => owners.has(o.userId)).map((o) => o.objectiveId));
    open = open.filter((o) => theirs.has(o.id));
  }
  const mix = { 'on trace': 0, 'at risk': 0, 'has issue': 0, none: 0 };
  let total = 0;
  for (const objective of open) {
    total += tree.objectiveProgress.get(objective.id) ?? 0;
    const status = derivedStatus(
      tree.keyResults.filter((kr) => kr.objectiveId === objective.id).map((kr) => kr.status),
    );
    mix[status ?? 'none'] += 1;
  }
  return {
    objectives: open.length,
    mean_progress: open.length > 0 ? percent(total / open.length) : null,
    status_mix: mix,
  };
}

/**
 * 360 completion: of the answers the people in view owe, how many are handed in. Shown when the
 * raters in view reach the assessment's own threshold (and the dashboard's), and in a team's
 * view the raters outside the team do too.
 */
async function assessmentCompletion(
  deps: DashboardDeps,
  workspaceId: number,
  group: ReadonlySet<number>,
  everyone: ReadonlySet<number>,
  filtered: boolean,
  k: number,
): Promise<WorkspaceDashboard['assessments']> {
  const { db } = deps;
  const rows = await db
    .select({
      id: assessments.id,
      name: assessments.name,
      status: assessments.status,
      threshold: assessments.anonymityThreshold,
      assessorId: assessmentEvaluables.assessorId,
      answered: assessmentEvaluables.status,
    })
    .from(assessments)
    .innerJoin(assessmentEvaluables, eq(assessmentEvaluables.assessmentId, assessments.id))
    .where(
      and(
        eq(assessments.workspaceId, workspaceId),
        ne(assessments.status, 'archived'),
        eq(assessments.isAnnouncement, false),
      ),
    )
    .orderBy(desc(assessments.id));
  const byAssessment = new Map<number, typeof rows>();
  for (const row of rows) byAssessment.set(row.id, [...(byAssessment.get(row.id) ?? []), row]);
  return [...byAssessment.values()].map((list) => {
    const { id, name, status, threshold } = list[0];
    const needed = Math.max(k, threshold);
    const all = list.filter((row) => everyone.has(row.assessorId));
    const mine = all.filter((row) => group.has(row.assessorId));
    const raters = new Set(mine.map((row) => row.assessorId)).size;
    const allRaters = new Set(all.map((row) => row.assessorId)).size;
    const shown = filtered ? safePart(raters, allRaters, needed) : raters >= needed;
    const answered = mine.filter((row) => row.answered === 'submitted').length;
    return {
      id,
      name,
      status,
      raters: shown ? raters : null,
      answers_due: shown ? mine.length : null,
      answered: shown ? answered : null,
      completion: shown ? rate(answered, mine.length) : null,
    };
  });
}

/** Teams as they stand, the latest formation run, and the formation measures of the split. */
async function teamsFigures(
  deps: DashboardDeps,
  workspaceId: number,
  teamRows: { id: number; name: string }[],
  membersOf: Map<number, Set<number>>,
  group: ReadonlySet<number>,
  everyone: ReadonlySet<number>,
  teamId: number | undefined,
  k: number,
): Promise<WorkspaceDashboard['teams']> {
  const { db } = deps;
  const [run] = await db
    .select({
      status: teamFormationRuns.status,
      createdAt: teamFormationRuns.createdAt,
      confirmedAt: teamFormationRuns.confirmedAt,
    })
    .from(teamFormationRuns)
    .where(eq(teamFormationRuns.workspaceId, workspaceId))
    .orderBy(desc(teamFormationRuns.id))
    .limit(1);
  const nonEmpty = teamRows.filter((team) => (membersOf.get(team.id)?.size ?? 0) > 0);
  const split = nonEmpty.map((team) => [...(membersOf.get(team.id) ?? [])]);
  const evaluation = await measureTeams(db, workspaceId, split);
  const noData = evaluation?.noData ?? { personality: false, skills: false, availability: false };
  const inTeams = [...group].filter((id) =>
    [...membersOf.values()].some((members) => members.has(id)),
  ).length;
  const shownTeams = teamRows.filter((team) => teamId === undefined || team.id === teamId);
  const gap = (meanZ: Record<string, number>) =>
    Math.round(Math.max(0, ...Object.values(meanZ).map((z) => Math.abs(z))) * 100) / 100;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    teams: shownTeams.length,
    people_in_teams: inTeams,
    people_without_team: group.size - inTeams,
    formation: run
      ? {
          status: run.status,
          created_at: run.createdAt.toISOString(),
          confirmed_at: run.confirmedAt?.toISOString() ?? null,
        }
      : null,
    // The whole split's measures: about every team at once, so not in one team's view.
    balance:
      evaluation && teamId === undefined && everyone.size >= k
        ? {
            personality_spread:
              !noData.personality && Number.isFinite(evaluation.metrics.rho)
                ? round(evaluation.metrics.rho)
                : null,
            skills_mean: noData.skills ? null : round(evaluation.metrics.skills_mean),
            availability_mean: noData.availability
              ? null
              : round(evaluation.metrics.availability_mean),
          }
        : null,
    no_data: noData,
    by_team: shownTeams.map((team) => {
      const size = membersOf.get(team.id)?.size ?? 0;
      const index = nonEmpty.findIndex((t) => t.id === team.id);
      const metrics = index >= 0 ? evaluation?.team_metrics[index] : undefined;
      const shown = size >= k && metrics !== undefined;
      return {
        id: team.id,
        name: team.name,
        size,
        skills_coverage: shown && !noData.skills ? round(metrics.skills_coverage) : null,
        common_hours: shown && !noData.availability ? metrics.common_slots : null,
        personality_gap: shown && !noData.personality ? gap(metrics.mean_z) : null,
      };
    }),
  };
}

/**
 * Members active each week: they did something in the workspace (a task action, a message in
 * one of its chats, a 360 handed in, a check-in). A count over the whole view, never a name.
 */
async function activityFigures(
  deps: DashboardDeps,
  workspaceId: number,
  weeks: Date[],
  now: Date,
  group: ReadonlySet<number>,
): Promise<WorkspaceDashboard['activity']> {
  const { db } = deps;
  const from = weeks[0];
  const [taskActs, messages, answers, checkIns] = await Promise.all([
    db
      .select({ userId: taskEvents.actorId, at: taskEvents.createdAt })
      .from(taskEvents)
      .innerJoin(tasks, eq(tasks.id, taskEvents.taskId))
      .where(and(eq(tasks.workspaceId, workspaceId), gte(taskEvents.createdAt, from))),
    db
      .select({ userId: chatMessages.userId, at: chatMessages.createdAt })
      .from(chatMessages)
      .innerJoin(chats, eq(chats.id, chatMessages.chatId))
      .where(and(eq(chats.workspaceId, workspaceId), gte(chatMessages.createdAt, from))),
    db
      .select({ userId: assessmentEvaluables.assessorId, at: assessmentEvaluables.submittedAt })
      .from(assessmentEvaluables)
      .innerJoin(assessments, eq(assessments.id, assessmentEvaluables.assessmentId))
      .where(
        and(eq(assessments.workspaceId, workspaceId), gte(assessmentEvaluables.submittedAt, from)),
      ),
    db
      .select({ userId: keyResultAnswers.createdBy, at: keyResultAnswers.createdAt })
      .from(keyResultAnswers)
      .innerJoin(keyResults, eq(keyResults.id, keyResultAnswers.keyResultId))
      .where(
        and(
          eq(keyResults.workspaceId, workspaceId),
          eq(keyResultAnswers.fromTasks, false),
          gte(keyResultAnswers.createdAt, from),
          sql`${keyResultAnswers.createdAt} <= ${now.toISOString()}`,
        ),
      ),
  ]);
  const active = weeks.map(() => new Set<number>());
  for (const act of [...taskActs, ...messages, ...answers, ...checkIns]) {
    if (act.userId === null || act.at === null || !group.has(act.userId)) continue;
    const i = Math.floor((act.at.getTime() - from.getTime()) / WEEK);
    if (i >= 0 && i < weeks.length) active[i].add(act.userId);
  }
  return weeks.map((week, i) => ({
    week: day(week),
    active: active[i].size,
    share: rate(active[i].size, group.size),
  }));
}
