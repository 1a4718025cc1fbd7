import { eq, inArray, sql, type SQL } from 'drizzle-orm';
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
  users,
  workspaces,
  type TaskAssignmentRow,
  type TaskRow,
  type WorkspaceRow,
} from '../../db/schema';
import { personJsonFields, presentPerson, type PersonJson } from '../../core/people';
import type { WorkspaceAccess } from '../../core/workspace-access';
import { kindOf, taskFacts } from './load';
import {
  assignable,
  reviewerChoices,
  workspacePeopleJson,
  workspacePeopleOf,
  workspaceTeamsJson,
  workspaceTeamsOf,
} from './people';
import { taskAbilities, taskRoles } from './policy';
import { peopleOfUnits, submittedPercentage } from './progress';

/** Who is looking: what they may do differs per workspace. */
export interface Viewer {
  userId: number;
  access: ReadonlyMap<number, WorkspaceAccess>;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export interface WorkspaceFacts {
  defaultReviewers: Person[];
  withoutTeam: number;
  teamOfViewer: number | null;
  /** Its active teams with their members: every team a unit of its tasks can stand for. */
  teams: TaskTeam[];
}

interface WorkspaceFactsJson {
  people: Parameters<typeof workspacePeopleOf>[0];
  teams: Parameters<typeof workspaceTeamsOf>[0];
}

/**
 * What a workspace's tasks are shown with (its people and its teams) as one JSON value over
 * the SQL of its id, so it can ride in another query (the task list's access check).
 */
export const workspaceFactsJson = (workspaceId: SQL) =>
  sql<WorkspaceFactsJson>`json_build_object('people', ${workspacePeopleJson(workspaceId)},
    'teams', ${workspaceTeamsJson(workspaceId)})`;

/** The facts `workspaceFactsJson` read, as the viewer sees them. */
export function workspaceFactsOf(
  json: WorkspaceFactsJson,
  workspace: Pick<WorkspaceRow, 'memberAccess'>,
  userId: number,
): WorkspaceFacts {
  const people = workspacePeopleOf(json.people, workspace.memberAccess);
  const teams = workspaceTeamsOf(json.teams);
  const inTeams = new Set(teams.flatMap((t) => t.members.map((m) => m.id)));
  return {
    defaultReviewers: reviewerChoices(people).default_reviewers,
    withoutTeam: assignable(people).filter((p) => !inTeams.has(p.id)).length,
    teamOfViewer: teams.find((t) => t.members.some((m) => m.id === userId))?.id ?? null,
    teams,
  };
}

async function loadWorkspaceFacts(
  db: DbOrTx,
  workspaceId: number,
  userId: number,
): Promise<WorkspaceFacts> {
  const [row] = await db
    .select({
      facts: workspaceFactsJson(qualified(workspaces.id)),
      memberAccess: workspaces.memberAccess,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return workspaceFactsOf(row.facts, row, userId);
}

const json = <T>(query: SQL) => sql<T>`coalesce((${query}), '[]')`;

/**
 * Everything a task is shown with that lives in other tables, as columns beside its row
 * (correlated subqueries aggregated as JSON): its units, reviewers, tags, key results, subtask
 * count, parent, and the people it names (creator, assignees, reviewers). A list selects them
 * with its page, so presenting the page costs no query of its own.
 */
export function taskRelatedColumns() {
  const task = qualified(tasks.id);
  return {
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
    people: json<PersonJson[]>(sql`select json_agg(json_build_object(${personJsonFields('u')}))
      from ${users} u where u.id in (select ${qualified(tasks.createdBy)}
        union select a.user_id from ${taskAssignments} a where a.task_id = ${task}
        union select r.user_id from ${taskReviewers} r where r.task_id = ${task})`),
  };
}

type RelatedColumns = ReturnType<typeof taskRelatedColumns>;
/** A task row with its `taskRelatedColumns`. */
export type TaskWithRelated = TaskRow & {
  [K in keyof RelatedColumns]: RelatedColumns[K]['_']['type'];
};

function loadRelated(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: tasks.id, ...taskRelatedColumns() })
    .from(tasks)
    .where(inArray(tasks.id, ids));
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
  const workspaceIds = [...new Set(rows.map((r) => r.workspaceId))];
  const [related, facts] = await Promise.all([
    loadRelated(
      db,
      rows.map((r) => r.id),
    ),
    Promise.all(workspaceIds.map((w) => loadWorkspaceFacts(db, w, viewer.userId))),
  ]);
  const relatedById = new Map(related.map((r) => [r.id, r]));
  return presentLoadedTasks(
    rows.map((row) => ({ ...row, ...relatedById.get(row.id)! })),
    viewer,
    new Map(workspaceIds.map((w, i) => [w, facts[i]])),
  );
}

/** As `presentTasks`, for rows selected with their `taskRelatedColumns` and their workspaces' facts. */
export function presentLoadedTasks(
  rows: readonly TaskWithRelated[],
  viewer: Viewer,
  factsByWorkspace: ReadonlyMap<number, WorkspaceFacts>,
): Task[] {
  const teamsById = new Map<number, TaskTeam>(
    [...factsByWorkspace.values()].flatMap((f) => f.teams).map((t) => [t.id, t]),
  );
  const people = new Map<number, Person>(
    rows.flatMap((row) => row.people).map((person) => [person.id, presentPerson(person)]),
  );
  return rows.map((row) => {
    const access = viewer.access.get(row.workspaceId);
    if (!access) throw new Error(`No access loaded for workspace ${row.workspaceId}`);
    const workspace = factsByWorkspace.get(row.workspaceId)!;
    const taskUnits = row.units.map(unitOf);
    const reviewerIds = row.reviewerIds;
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
      is_mine: mine.includes(unit),
    });
    return {
      id: row.id,
      workspace_id: row.workspaceId,
      kind: kindOf(row),
      parent: row.parent,
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
      tags: row.tags,
      key_results: row.keyResults,
      assignments: visible.map(presentUnit),
      my_assignment_id: first?.id ?? null,
      my_status: first?.status ?? null,
      // Feedback: the note on the caller's own work; a reviewer sees the latest note given.
      comment: first ? first.comment : latestNote(visible),
      number_of_returned: visible.reduce((sum, u) => sum + u.numberOfReturned, 0),
      subtask_count: row.subtaskCount,
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
