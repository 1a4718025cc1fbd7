import type { z } from 'zod';
import type { createTaskByMemberBody, createTaskByOwnerBody, Task } from '@contracts/tasks';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor, type WorkspaceAccess } from '../../../core/workspace-access';
import { validationFailed } from '../../../http/errors';
import { choicesFor } from '../choices';
import { requireWorkspaceLive } from '../load';
import { announceTaskChange } from '../notify';
import { teamOf } from '../people';
import { freshTask } from '../shared';
import { createChosen } from './create-task';
import type { TasksDeps } from './deps';
import { ownerScope } from './task-choices';

type OwnerBody = z.output<typeof createTaskByOwnerBody>;
type MemberBody = z.output<typeof createTaskByMemberBody>;

/** A task set by an owner or admin, for people and teams. */
export async function giveTaskByOwner(
  deps: TasksDeps,
  actor: Actor,
  input: { workspaceId: number } & OwnerBody,
) {
  const { workspaceId, ...body } = input;
  const access = await workspaceAccessFor(deps.db, actor, workspaceId, 'create_task');
  return createWithChoices(deps, access, ownerScope(access), body, body.user_ids, body.team_ids);
}

/** A member's own task, for themselves or their team. */
export async function giveTaskByMember(
  deps: TasksDeps,
  actor: Actor,
  input: { workspaceId: number } & MemberBody,
) {
  const { db } = deps;
  const { workspaceId, ...body } = input;
  const access = await workspaceAccessFor(db, actor, workspaceId, 'create_task_as_member');
  const scope = { ...ownerScope(access), type: 'member' as const };
  let userIds = [access.userId];
  let teamIds: number[] = [];
  if (body.for_my_team) {
    const team = await teamOf(db, access.workspace.id, access.userId);
    if (team === null) throw validationFailed({ for_my_team: 'tasks:messages.no_team' });
    userIds = [];
    teamIds = [team];
  }
  return createWithChoices(deps, access, scope, body, userIds, teamIds);
}

async function createWithChoices(
  deps: TasksDeps,
  access: WorkspaceAccess,
  scope: Parameters<typeof choicesFor>[1],
  body: OwnerBody | MemberBody,
  userIds: number[],
  teamIds: number[],
): Promise<Task> {
  const { db } = deps;
  requireWorkspaceLive({ access });
  const choices = await choicesFor(db, scope);
  const row = await createChosen(db, scope, choices, body, userIds, teamIds);
  announceTaskChange(deps, row);
  return freshTask(db, { access }, row.id);
}
