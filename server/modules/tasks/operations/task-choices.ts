import type { Person } from '@contracts/people';
import { can } from '../../../auth/permissions';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor, type WorkspaceAccess } from '../../../core/workspace-access';
import { choicesFor } from '../choices';
import { countPeopleWithoutTeam } from '../people';
import type { TasksDeps } from './deps';

/** A task as an owner or admin makes it. */
export function ownerScope(access: WorkspaceAccess) {
  return {
    workspaceId: access.workspace.id,
    type: 'owner' as const,
    createdBy: access.userId,
    parentId: null,
  };
}

/** What the caller could make: a manager's task, or a member's own. */
function creatorScope(access: WorkspaceAccess) {
  return can(access, 'create_task')
    ? ownerScope(access)
    : { ...ownerScope(access), type: 'member' as const };
}

/** People a task can be given to. */
export async function selectableUsers(deps: TasksDeps, actor: Actor, workspaceId: number) {
  const access = await workspaceAccessFor(deps.db, actor, workspaceId, 'create_task');
  return (await choicesFor(deps.db, ownerScope(access))).users;
}

/** Teams a task can be given to, and how many people have none. */
export async function selectableTeams(deps: TasksDeps, actor: Actor, workspaceId: number) {
  const access = await workspaceAccessFor(deps.db, actor, workspaceId, 'create_task_as_member');
  const [choices, withoutTeam] = await Promise.all([
    choicesFor(deps.db, creatorScope(access)),
    countPeopleWithoutTeam(deps.db, access.workspace.id),
  ]);
  return { teams: choices.teams, users_dont_have_team_count: withoutTeam };
}

/** People who may review tasks, and the default reviewers. */
export async function reviewerChoices(deps: TasksDeps, actor: Actor, workspaceId: number) {
  const access = await workspaceAccessFor(deps.db, actor, workspaceId, 'create_task_as_member');
  const choices = await choicesFor(deps.db, creatorScope(access));
  // A member's own task is reviewed by someone else.
  const others = (list: Person[]) =>
    can(access, 'create_task') ? list : list.filter((p) => p.id !== access.userId);
  return {
    all_reviewers: others(choices.allReviewers),
    default_reviewers: others(choices.defaultReviewers),
  };
}
