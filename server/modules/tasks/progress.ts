import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { WORK_STATUSES, type TaskTeam } from '@contracts/tasks';
import { type Person } from '@contracts/people';
import { qualified } from '../../db/qualified';
import {
  taskAssignments,
  taskReviewers,
  tasks,
  teamMembers,
  teams,
  type TaskAssignmentRow,
} from '../../db/schema';
import { isHandedIn } from './policy';

export interface PersonUnit {
  person: Person;
  team: { id: number; name: string } | null;
  unit: TaskAssignmentRow;
}

/**
 * One row per assigned person and unit: a person assigned on their own, and every current
 * member of an assigned team (with the team's unit).
 */
export function peopleOfUnits(
  units: readonly TaskAssignmentRow[],
  people: ReadonlyMap<number, Person>,
  teamsById: ReadonlyMap<number, TaskTeam>,
): PersonUnit[] {
  const rows: PersonUnit[] = [];
  for (const unit of units) {
    if (unit.userId !== null) {
      const person = people.get(unit.userId);
      if (person) rows.push({ person, team: null, unit });
    } else if (unit.teamId !== null) {
      const team = teamsById.get(unit.teamId);
      for (const person of team?.members ?? []) {
        rows.push({ person, team: { id: team!.id, name: team!.name }, unit });
      }
    }
  }
  return rows;
}

/**
 * The share of assigned people (each counted once) whose work is handed in, through any of
 * their units, in whole percent. Nobody assigned is 0%.
 */
export function submittedPercentage(rows: readonly PersonUnit[]): number {
  const done = new Map<number, boolean>();
  for (const row of rows) {
    done.set(row.person.id, (done.get(row.person.id) ?? false) || isHandedIn(row.unit.status));
  }
  if (done.size === 0) return 0;
  const handedIn = [...done.values()].filter(Boolean).length;
  return Math.round((handedIn * 100) / done.size);
}

/** The alias of the derived table `submittedPercentages` joins. */
const SUBMITTED = sql.identifier('submitted');

/**
 * The SQL twin of `submittedPercentage` for every task of a workspace at once: a derived table
 * (task_id, percentage) to left-join on `tasks.id`. One grouped pass over the workspace's units
 * instead of a subquery per task, so sorting 10,000 tasks by it stays quick.
 */
export function submittedPercentages(workspaceId: number | Placeholder): SQL {
  const q = qualified;
  const handedIn = sql.join(
    WORK_STATUSES.filter(isHandedIn).map((s) => sql`${s}`),
    sql`, `,
  );
  const inWorkspace = sql`join ${tasks} on ${q(tasks.id)} = ${q(taskAssignments.taskId)}
    and ${q(tasks.workspaceId)} = ${workspaceId}`;
  return sql`(select task_id, round(100.0 * count(*) filter (where done) / count(*)) as percentage
    from (select task_id, person, bool_or(status in (${handedIn})) as done from (
      select ${q(taskAssignments.taskId)} as task_id, ${q(taskAssignments.userId)} as person,
          ${q(taskAssignments.status)} as status
        from ${taskAssignments} ${inWorkspace}
        where ${q(taskAssignments.userId)} is not null
      union all
      select ${q(taskAssignments.taskId)}, ${q(teamMembers.userId)}, ${q(taskAssignments.status)}
        from ${taskAssignments} ${inWorkspace}
        join ${teams} on ${q(teams.id)} = ${q(taskAssignments.teamId)} and ${q(teams.deletedAt)} is null
        join ${teamMembers} on ${q(teamMembers.teamId)} = ${q(teams.id)} and ${q(teamMembers.deletedAt)} is null
    ) as units group by task_id, person) as people
    group by task_id) as ${SUBMITTED}`;
}

/** How `submittedPercentages` joins a row of `tasks`. */
export const submittedPercentageJoin = sql`${SUBMITTED}.task_id = ${qualified(tasks.id)}`;

/**
 * A task's submitted percentage as the viewer sees it, over the joined `submittedPercentages`:
 * -1 on tasks whose report they may not see (spec: the percentage is hidden), so the list sorts
 * by it in SQL. Nobody assigned is 0 %.
 */
export function submittedPercentageSql(viewer: {
  userId: number | Placeholder;
  seesAllReports: boolean;
}) {
  const q = qualified;
  const percentage = sql`coalesce(${SUBMITTED}.percentage, 0)`;
  if (viewer.seesAllReports) return sql<number>`${percentage}`;
  return sql<number>`case when exists (select 1 from ${taskReviewers}
    where ${q(taskReviewers.taskId)} = ${q(tasks.id)} and ${q(taskReviewers.userId)} = ${viewer.userId})
    then ${percentage} else -1 end`;
}
