import { count, eq, inArray } from 'drizzle-orm';
import type { Task, TaskPerson, TaskTeam } from '@contracts/tasks';
import type { DbOrTx } from '../../db/client';
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
import type { WorkspaceAccess } from '../workspaces/access';
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

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

interface WorkspaceFacts {
  defaultReviewers: TaskPerson[];
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
  const parentIds = [
    ...new Set(rows.map((r) => r.parentId).filter((p): p is number => p !== null)),
  ];
  const [units, reviewers, tagRows, keyResults, subtaskCounts, parents] = await Promise.all([
    db
      .select()
      .from(taskAssignments)
      .where(inArray(taskAssignments.taskId, ids))
      .orderBy(taskAssignments.id),
    db.select().from(taskReviewers).where(inArray(taskReviewers.taskId, ids)),
    db
      .select({ taskId: taskTags.taskId, tag: criteria })
      .from(taskTags)
      .innerJoin(criteria, eq(criteria.id, taskTags.tagId))
      .where(inArray(taskTags.taskId, ids))
      .orderBy(criteria.name),
    db.select().from(taskKeyResults).where(inArray(taskKeyResults.taskId, ids)),
    db
      .select({ parentId: tasks.parentId, n: count() })
      .from(tasks)
      .where(inArray(tasks.parentId, ids))
      .groupBy(tasks.parentId),
    parentIds.length
      ? db
          .select({ id: tasks.id, name: tasks.name })
          .from(tasks)
          .where(inArray(tasks.id, parentIds))
      : Promise.resolve([]),
  ]);
  const workspaceIds = [...new Set(rows.map((r) => r.workspaceId))];
  const [people, facts] = await Promise.all([
    loadPeople(db, [
      ...rows.map((r) => r.createdBy),
      ...units.flatMap((u) => (u.userId === null ? [] : [u.userId])),
      ...reviewers.map((r) => r.userId),
    ]),
    Promise.all(workspaceIds.map((w) => loadWorkspaceFacts(db, w, viewer.userId))),
  ]);
  const teamsById = new Map<number, TaskTeam>(facts.flatMap((f) => f.teams).map((t) => [t.id, t]));
  const factsByWorkspace = new Map(workspaceIds.map((w, i) => [w, facts[i]]));
  const unitsByTask = groupBy(units, (u) => u.taskId);
  const reviewersByTask = groupBy(reviewers, (r) => r.taskId);
  const tagsByTask = groupBy(tagRows, (r) => r.taskId);
  const keyResultsByTask = groupBy(keyResults, (r) => r.taskId);
  const subtasks = new Map(subtaskCounts.map((r) => [r.parentId, r.n]));
  const parentById = new Map(parents.map((p) => [p.id, p]));

  return rows.map((row) => {
    const access = viewer.access.get(row.workspaceId);
    if (!access) throw new Error(`No access loaded for workspace ${row.workspaceId}`);
    const workspace = factsByWorkspace.get(row.workspaceId)!;
    const taskUnits = unitsByTask.get(row.id) ?? [];
    const reviewerIds = (reviewersByTask.get(row.id) ?? []).map((r) => r.userId);
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
    const parent = row.parentId === null ? null : (parentById.get(row.parentId) ?? null);
    return {
      id: row.id,
      workspace_id: row.workspaceId,
      kind: kindOf(row),
      parent,
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
      tags: (tagsByTask.get(row.id) ?? []).map(({ tag }) => ({
        id: tag.id,
        workspace_id: tag.workspaceId,
        type: tag.type,
        name: tag.name,
        color: tag.color,
      })),
      key_results: (keyResultsByTask.get(row.id) ?? [])
        .map((k) => k.keyResultId)
        .sort((a, b) => a - b),
      assignments: visible.map(presentUnit),
      my_assignment_id: first?.id ?? null,
      my_status: first?.status ?? null,
      comment: first?.comment ?? null,
      number_of_returned: visible.reduce((sum, u) => sum + u.numberOfReturned, 0),
      subtask_count: subtasks.get(row.id) ?? 0,
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
