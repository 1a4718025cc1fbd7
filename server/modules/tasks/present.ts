import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Task, TaskTeam } from '@contracts/tasks';
import type { Person } from '@contracts/people';
import type { DbOrTx } from '../../db/client';
import { qualified } from '../../db/qualified';
import {
  criteria,
  taskAssignments,
  taskKeyResults,
  taskReviewers,
  tasks,
  taskTags,
  type TaskAssignmentRow,
  type TaskRow,
} from '../../db/schema';
import type { WorkspaceAccess } from '../../core/workspace-access';
import { kindOf, taskFacts } from './load';
import { assignable, loadPeople, loadTeams, reviewerChoices, workspacePeople } from './people';
import { taskAbilities, taskRoles } from './policy';
import { peopleOfUnits, submittedPercentage } from './progress';

/** Who is looking: what they may do differs per workspace. */
export interface Viewer {
  userId: number;
  access: ReadonlyMap<number, WorkspaceAccess>;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

interface WorkspaceFacts {
  defaultReviewers: Person[];
  withoutTeam: number;
  teamOfViewer: number | null;
  /** Its active teams with their members: every team a unit of its tasks can stand for. */
  teams: TaskTeam[];
}

async function loadWorkspaceFacts(
  db: DbOrTx,
  workspaceId: number,
  userId: number,
): Promise<WorkspaceFacts> {
  const [people, teams] = await Promise.all([
    workspacePeople(db, workspaceId),
    loadTeams(db, { workspaceId }),
  ]);
  const inTeams = new Set(teams.flatMap((t) => t.members.map((m) => m.id)));
  return {
    defaultReviewers: reviewerChoices(people).default_reviewers,
    withoutTeam: assignable(people).filter((p) => !inTeams.has(p.id)).length,
    teamOfViewer: teams.find((t) => t.members.some((m) => m.id === userId))?.id ?? null,
    teams,
  };
}

const json = <T>(query: SQL) => sql<T>`coalesce((${query}), '[]')`;

/**
 * Everything a task is shown with that lives in other tables, one row per task in one query
 * (correlated subqueries aggregated as JSON): its units, reviewers, tags, key results, subtask
 * count and parent.
 */
async function loadRelated(db: DbOrTx, ids: number[]) {
  const task = qualified(tasks.id);
  const rows = await db
    .select({
      id: tasks.id,
      units: json<UnitJson[]>(sql`select json_agg(json_build_object(
          'id', a.id, 'taskId', a.task_id, 'userId', a.user_id, 'teamId', a.team_id,
          'status', a.status, 'closedBy', a.closed_by, 'numberOfReturned', a.number_of_returned,
          'comment', a.comment, 'submittedAt', a.submitted_at, 'closedAt', a.closed_at,
          'createdAt', a.created_at, 'updatedAt', a.updated_at) order by a.id)
        from ${taskAssignments} a where a.task_id = ${task}`),
      reviewerIds: json<number[]>(
        sql`select json_agg(r.user_id) from ${taskReviewers} r where r.task_id = ${task}`,
      ),
      tags: json<Task['tags']>(sql`select json_agg(json_build_object('id', c.id,
          'workspace_id', c.workspace_id, 'type', c.type, 'name', c.name, 'color', c.color)
          order by c.name)
        from ${taskTags} tt join ${criteria} c on c.id = tt.tag_id where tt.task_id = ${task}`),
      keyResults: json<number[]>(sql`select json_agg(k.key_result_id order by k.key_result_id)
        from ${taskKeyResults} k where k.task_id = ${task}`),
      subtaskCount:
        sql<number>`(select count(*) from ${tasks} s where s.parent_id = ${task})`.mapWith(Number),
      parent: sql<Task['parent']>`(select json_build_object('id', p.id, 'name', p.name)
        from ${tasks} p where p.id = ${qualified(tasks.parentId)})`,
    })
    .from(tasks)
    .where(inArray(tasks.id, ids));
  return rows.map((row) => ({ ...row, units: row.units.map(unitOf) }));
}

type UnitJson = Omit<TaskAssignmentRow, 'submittedAt' | 'closedAt' | 'createdAt' | 'updatedAt'> & {
  submittedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

const dateOf = (text: string | null) => (text === null ? null : new Date(text));
const unitOf = (unit: UnitJson): TaskAssignmentRow => ({
  ...unit,
  submittedAt: dateOf(unit.submittedAt),
  closedAt: dateOf(unit.closedAt),
  createdAt: new Date(unit.createdAt),
  updatedAt: new Date(unit.updatedAt),
});

/** The people the tasks name (creators, assignees, reviewers), as a subquery. */
function peopleOfTasks(ids: number[]) {
  return sql`(select ${qualified(tasks.createdBy)} from ${tasks} where ${inArray(qualified(tasks.id), ids)}
    union select a.user_id from ${taskAssignments} a where ${inArray(sql`a.task_id`, ids)}
    union select r.user_id from ${taskReviewers} r where ${inArray(sql`r.task_id`, ids)})`;
}

/**
 * The only way tasks leave the server: batched reads for a list, then one object per task as
 * the caller may see it (others' units and the percentage only for those who may).
 */
export async function presentTasks(
  db: DbOrTx,
  rows: readonly TaskRow[],
  viewer: Viewer,
): Promise<Task[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const workspaceIds = [...new Set(rows.map((r) => r.workspaceId))];
  const [related, people, facts] = await Promise.all([
    loadRelated(db, ids),
    loadPeople(db, peopleOfTasks(ids)),
    Promise.all(workspaceIds.map((w) => loadWorkspaceFacts(db, w, viewer.userId))),
  ]);
  const teamsById = new Map<number, TaskTeam>(facts.flatMap((f) => f.teams).map((t) => [t.id, t]));
  const relatedById = new Map(related.map((r) => [r.id, r]));
  const factsByWorkspace = new Map(workspaceIds.map((w, i) => [w, facts[i]]));
  return rows.map((row) => {
    const access = viewer.access.get(row.workspaceId);
    if (!access) throw new Error(`No access loaded for workspace ${row.workspaceId}`);
    const workspace = factsByWorkspace.get(row.workspaceId)!;
    const extra = relatedById.get(row.id)!;
    const taskUnits = extra.units;
    const reviewerIds = extra.reviewerIds;
    const mine = taskUnits.filter(
      (u) =>
        u.userId === viewer.userId || (u.teamId !== null && u.teamId === workspace.teamOfViewer),
    );
    const taskFact = taskFacts(row, reviewerIds.length > 0);
    const viewerFact = { ...access, isReviewer: reviewerIds.includes(viewer.userId), units: mine };
    const roles = taskRoles(taskFact, viewerFact);
    const seesAll = roles.review || roles.viewReport || roles.manage;
    const visible = seesAll ? taskUnits : mine;
    const first = mine[0] ?? null;
    const hasTeams = taskUnits.some((u) => u.teamId !== null);
    const personOf = (id: number) => people.get(id)!;
    const presentUnit = (unit: TaskAssignmentRow) => ({
      id: unit.id,
      user: unit.userId === null ? null : personOf(unit.userId),
      team: unit.teamId === null ? null : (teamsById.get(unit.teamId) ?? null),
      status: unit.status,
      closed_by: unit.closedBy,
      number_of_returned: unit.numberOfReturned,
      comment: unit.comment,
      submitted_at: iso(unit.submittedAt),
      closed_at: iso(unit.closedAt),
    });
    return {
      id: row.id,
      workspace_id: row.workspaceId,
      kind: kindOf(row),
      parent: extra.parent,
      type: row.type,
      name: row.name,
      description: row.description,
      status: row.status,
      started_at: iso(row.startedAt),
      expired_at: iso(row.expiredAt),
      is_overdue: row.status === 'open' && row.expiredAt !== null && row.expiredAt < new Date(),
      schema: row.schema,
      created_by: personOf(row.createdBy),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      closed_at: iso(row.closedAt),
      archived_at: iso(row.archivedAt),
      users: taskUnits.flatMap((u) => (u.userId === null ? [] : [personOf(u.userId)])),
      teams: taskUnits.flatMap((u) => {
        const team = u.teamId === null ? undefined : teamsById.get(u.teamId);
        return team ? [team] : [];
      }),
      reviewers: reviewerIds.map(personOf),
      default_reviewers: workspace.defaultReviewers,
      tags: extra.tags,
      key_results: extra.keyResults,
      assignments: visible.map(presentUnit),
      my_assignment_id: first?.id ?? null,
      my_status: first?.status ?? null,
      // Feedback: the note on the caller's own work; a reviewer sees the latest note given.
      comment: first ? first.comment : latestNote(visible),
      number_of_returned: visible.reduce((sum, u) => sum + u.numberOfReturned, 0),
      subtask_count: extra.subtaskCount,
      submitted_percentage: roles.viewReport
        ? submittedPercentage(peopleOfUnits(taskUnits, people, teamsById))
        : -1,
      users_dont_have_team_count: hasTeams ? workspace.withoutTeam : 0,
      permissions: taskAbilities(taskFact, viewerFact),
    };
  });
}

/** One task, as presentTasks shows it. */
export async function presentTask(db: DbOrTx, row: TaskRow, viewer: Viewer): Promise<Task> {
  const [task] = await presentTasks(db, [row], viewer);
  return task;
}

export function viewerOf(access: WorkspaceAccess): Viewer {
  return { userId: access.userId, access: new Map([[access.workspace.id, access]]) };
}

/** The note of the unit whose review changed last, if any unit has one. */
function latestNote(units: readonly TaskAssignmentRow[]): string | null {
  const noted = units.filter((u) => u.comment);
  noted.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  return noted[0]?.comment ?? null;
}
