import { envelope } from '@contracts/common';
import { gatedBy } from '../../../core/plans';
import {
  changeRoleBody,
  member as memberSchema,
  memberList,
  memberParams,
  performanceUsers,
  profileCompletion,
  remindProfileBody,
  remindProfileResult,
  workspaceIdParam,
} from '@contracts/workspaces';
import { actorOf } from '../../../core/workspace-access';
import { ok } from '../../../http/envelope';
import { idRoutes, operationRoutes } from '../../../http/operation-routes';
import type { App } from '../../../http/types';
import { changeMemberRole } from './operations/change-member-role';
import { listMembers } from './operations/list-members';
import { listPerformanceUsers } from './operations/list-performance-users';
import { listProfileCompletion } from './operations/list-profile-completion';
import { remindProfileCompletion } from './operations/remind-profile-completion';
import { removeMember } from './operations/remove-member';

const tags = ['workspace members'];

/** A workspace's members (spec 4): HTTP over the member operations. */
export default async function workspaceMemberRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);
  const onWorkspace = idRoutes(app, tags, workspaceIdParam);

  onWorkspace.get('/workspaces/:id/users', { answer: memberList }, listMembers);

  route.put(
    '/workspaces/:id/users/:user/change-role',
    {
      params: memberParams,
      body: changeRoleBody,
      answer: memberSchema,
      message: 'workspaces:messages.role_changed',
    },
    (actor, request) =>
      changeMemberRole(deps, actor, {
        workspaceId: request.params.id,
        userId: request.params.user,
        role: request.body.role,
      }),
  );

  route.delete(
    '/workspaces/:id/users/:user',
    { params: memberParams, message: 'workspaces:messages.member_removed' },
    (actor, request) =>
      removeMember(deps, actor, {
        workspaceId: request.params.id,
        userId: request.params.user,
      }),
  );

  onWorkspace.get(
    '/workspaces/:id/users/profile-completion',
    { answer: profileCompletion },
    listProfileCompletion,
  );

  route.post(
    '/workspaces/:id/users/invite-complete-profile',
    {
      summary: 'Mail members whose profile is incomplete a reminder to finish it',
      params: workspaceIdParam,
      body: remindProfileBody,
      answer: remindProfileResult,
      message: (result) => ({
        key: 'workspaces:messages.profile_reminders_sent',
        params: { count: result.reminded },
      }),
    },
    (actor, request) =>
      remindProfileCompletion(deps, actor, {
        workspaceId: request.params.id,
        userIds: request.body.user_ids,
      }),
  );

  app.get(
    '/workspaces/:id/performance-users',
    {
      schema: {
        tags,
        summary: "Members' task figures and profile completion (premium and enterprise plans)",
        ...gatedBy('performance_users'),
        params: workspaceIdParam,
        response: { 200: envelope(performanceUsers) },
      },
    },
    async (request) => ok(await listPerformanceUsers(deps, actorOf(request), request.params.id)),
  );
}
