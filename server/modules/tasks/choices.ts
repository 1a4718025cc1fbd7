import { eq } from 'drizzle-orm';
import type { TaskTeam } from '@contracts/tasks';
import type { Person } from '@contracts/people';
import type { DbOrTx } from '../../db/client';
import { taskAssignments, taskReviewers, type TaskRow } from '../../db/schema';
import type { Choices } from './operations/create-task';
import {
  assignable,
  loadPeople,
  loadTeams,
  reviewerChoices,
  teamOf,
  workspacePeople,
} from './people';

/** Who may be given work, as people and teams, and who may review it. */
export interface TaskChoices {
  users: Person[];
  teams: TaskTeam[];
  allReviewers: Person[];
  defaultReviewers: Person[];
}

type Scope = Pick<TaskRow, 'workspaceId' | 'type' | 'createdBy' | 'parentId'>;

/**
 * Who may be named on a task of this kind (docs/decisions/tasks-rules.md):
 * - a manager's task: anyone who may hand in work, any team of the workspace;
 * - a member's own task: the member, or their own team;
 * - a manager's subtask: the people and teams of the parent task;
 * - an assignee's subtask: the people of the assignee's own unit on the parent.
 */
export async function choicesFor(db: DbOrTx, scope: Scope): Promise<TaskChoices> {
  const people = await workspacePeople(db, scope.workspaceId);
  const reviewers = reviewerChoices(people);
  const base = {
    allReviewers: reviewers.all_reviewers,
    defaultReviewers: reviewers.default_reviewers,
  };
  const creatorTeam =
    scope.type === 'member' ? await teamOf(db, scope.workspaceId, scope.createdBy) : null;

  if (scope.parentId === null) {
    if (scope.type === 'owner') {
      return {
        ...base,
        users: assignable(people),
        teams: await loadTeams(db, { workspaceId: scope.workspaceId }),
      };
    }
    const me = assignable(people).filter((p) => p.id === scope.createdBy);
    const teams = creatorTeam === null ? [] : await loadTeams(db, { teamIds: [creatorTeam] });
    return { ...base, users: me, teams };
  }

  const [parentUnits, parentReviewers] = await Promise.all([
    db.select().from(taskAssignments).where(eq(taskAssignments.taskId, scope.parentId)),
    db.select().from(taskReviewers).where(eq(taskReviewers.taskId, scope.parentId)),
  ]);
  const units =
    scope.type === 'owner'
      ? parentUnits
      : parentUnits.filter(
          (u) => u.userId === scope.createdBy || (creatorTeam !== null && u.teamId === creatorTeam),
        );
  const teams = await loadTeams(db, {
    teamIds: units.flatMap((u) => (u.teamId === null ? [] : [u.teamId])),
  });
  const individuals = await loadPeople(
    db,
    units.flatMap((u) => (u.userId === null ? [] : [u.userId])),
  );
  const users = new Map<number, Person>();
  for (const person of [...individuals.values(), ...teams.flatMap((t) => t.members)]) {
    if (!person.is_shadow) users.set(person.id, person);
  }
  const parentReviewerIds = new Set(parentReviewers.map((r) => r.userId));
  return {
    ...base,
    users: [...users.values()].sort((a, b) => a.name.localeCompare(b.name)),
    teams,
    defaultReviewers: reviewers.all_reviewers.filter((p) => parentReviewerIds.has(p.id)),
  };
}

/** The same choices as sets of ids, for validation; team members may not review their team. */
export function asChoices(choices: TaskChoices, teamIds: number[]): Choices {
  const chosen = new Set(teamIds);
  return {
    userIds: new Set(choices.users.map((p) => p.id)),
    teamIds: new Set(choices.teams.map((t) => t.id)),
    reviewerIds: new Set(choices.allReviewers.map((p) => p.id)),
    teamMemberIds: new Set(
      choices.teams.filter((t) => chosen.has(t.id)).flatMap((t) => t.members.map((m) => m.id)),
    ),
  };
}

/** Default reviewers for new work: the defaults, minus anyone the work is for. */
export function defaultReviewerIds(choices: TaskChoices, userIds: number[], teamIds: number[]) {
  const excluded = asChoices(choices, teamIds).teamMemberIds!;
  return choices.defaultReviewers
    .map((p) => p.id)
    .filter((id) => !userIds.includes(id) && !excluded.has(id));
}
