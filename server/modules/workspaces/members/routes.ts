import { emptyResource, envelope } from '@contracts/common';
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

  app.get(
    '/workspaces/:id/users',
    { schema: { tags, params: workspaceIdParam, response: { 200: envelope(memberList) } } },
    async (request) => ok(await listMembers(deps, actorOf(request), request.params.id)),
  );

  app.put(
    '/workspaces/:id/users/:user/change-role',
    {
      schema: {
        tags,
        params: memberParams,
        body: changeRoleBody,
        response: { 200: envelope(memberSchema) },
      },
    },
    async (request) => {
      const member = await changeMemberRole(deps, actorOf(request), {
        workspaceId: request.params.id,
        userId: request.params.user,
        role: request.body.role,
      });
      return ok(member, 'workspaces:messages.role_changed');
    },
  );

  app.delete(
    '/workspaces/:id/users/:user',
    { schema: { tags, params: memberParams, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      await removeMember(deps, actorOf(request), {
        workspaceId: request.params.id,
        userId: request.params.user,
      });
      return ok({}, 'workspaces:messages.member_removed');
    },
  );

  app.get(
    '/workspaces/:id/users/profile-completion',
    { schema: { tags, params: workspaceIdParam, response: { 200: envelope(profileCompletion) } } },
    async (request) => ok(await listProfileCompletion(deps, actorOf(request), request.params.id)),
  );

  app.post(
    '/workspaces/:id/users/invite-complete-profile',
    {
      schema: {
        tags,
        summary: 'Mail members whose profile is incomplete a reminder to finish it',
        params: workspaceIdParam,
        body: remindProfileBody,
        response: { 200: envelope(remindProfileResult) },
      },
    },
    async (request) => {
      const result = await remindProfileCompletion(deps, actorOf(request), {
        workspaceId: request.params.id,
        userIds: request.body.user_ids,
      });
      return ok(result, {
        key: 'workspaces:messages.profile_reminders_sent',
        params: { count: result.reminded },
      });
    },
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
