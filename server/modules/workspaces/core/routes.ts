import { z } from 'zod';
import { envelope } from '@contracts/common';
import { teamFormationStrategies, teamFormationStrategyBody } from '@contracts/workspace-settings';
import {
  availability,
  commonWorkspace,
  commonWorkspacesQuery,
  createWorkspaceBody,
  memberAccessBody,
  modalInformation,
  numberOfWorks,
  schemaBody,
  updateWorkspaceBody,
  workspace as workspaceSchema,
  workspaceIdParam,
  workspaceList,
  workspaceListQuery,
} from '@contracts/workspaces';
import { requireAuth } from '../../../auth/guard';
import { actorOf } from '../../../core/workspace-access';
import { memberWorkspacesVersion } from '../../../core/workspace-changes';
import { ok } from '../../../http/envelope';
import { idRoutes, operationRoutes } from '../../../http/operation-routes';
import type { App } from '../../../http/types';
import { todayUtc } from '../present';
import { addWorkspace } from './operations/add-workspace';
import {
  changeWorkspaceSetting,
  type SettingBody,
  type WorkspaceSetting,
} from './operations/change-workspace-setting';
import { countWorks } from './operations/count-works';
import { deleteWorkspace } from './operations/delete-workspace';
import { leaveWorkspace } from './operations/leave-workspace';
import { listCommonWorkspaces } from './operations/list-common-workspaces';
import { listFormationStrategies } from './operations/list-formation-strategies';
import { listWorkspaces } from './operations/list-workspaces';
import { showAvailability } from './operations/show-availability';
import { showModalInformation } from './operations/show-modal-information';
import { showWorkspace } from './operations/show-workspace';

const tags = ['workspaces'];
const workspaceResponse = { 200: envelope(workspaceSchema) };

/** Workspaces themselves (spec 4): HTTP over the workspace operations. */
export default async function workspaceCoreRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);
  const onWorkspace = idRoutes(app, tags, workspaceIdParam);

  app.get(
    '/workspaces',
    {
      schema: {
        tags,
        summary: "The caller's workspaces in one list",
        querystring: workspaceListQuery,
        response: { 200: envelope(workspaceList) },
      },
      // Every page load of the frame asks for it: the list is kept (server/http/response-cache.ts)
      // while none of the caller's workspaces has changed, checked with the session's query.
      config: { sessionExtra: { shape: 'member_workspaces', sql: memberWorkspacesVersion } },
    },
    async (request, reply) => {
      const { user, extra } = requireAuth(request);
      // A workspace's status moves with the date alone (its end date passing).
      const today = todayUtc();
      const key = ['workspaces', user.id, user.role, today, JSON.stringify(request.query)];
      const version = typeof extra === 'string' ? extra : undefined;
      return deps.keptAnswers.answer(reply, key.join(':'), version, async () => ({
        body: ok(await listWorkspaces(deps, actorOf(request), { query: request.query, today })),
      }));
    },
  );

  route.get(
    '/workspaces/common',
    {
      summary: 'Workspaces the caller shares with another person',
      querystring: commonWorkspacesQuery,
      answer: z.object({ workspaces: z.array(commonWorkspace) }),
    },
    (actor, request) => listCommonWorkspaces(deps, actor, request.query),
  );

  route.post(
    '/workspaces',
    {
      summary: 'Create a workspace; the creator becomes its owner',
      body: createWorkspaceBody,
      answer: workspaceSchema,
      status: 201,
      message: 'workspaces:messages.created',
    },
    (actor, request) => addWorkspace(deps, actor, request.body),
  );

  onWorkspace.get('/workspaces/:id', { answer: workspaceSchema }, showWorkspace);

  /** A route that changes one setting of the workspace (`WORKSPACE_SETTINGS`). */
  function settingRoute<K extends WorkspaceSetting>(
    method: 'PATCH' | 'PUT' | 'POST',
    url: string,
    setting: K,
    message: string,
    body?: z.ZodType<SettingBody<K>>,
  ) {
    app.route({
      method,
      url,
      schema: {
        tags,
        params: workspaceIdParam,
        ...(body && { body }),
        response: workspaceResponse,
      },
      handler: async (request) => {
        const changed = await changeWorkspaceSetting(deps, actorOf(request), {
          workspaceId: request.params.id,
          setting,
          body: request.body as SettingBody<K>,
        });
        return ok(changed, message);
      },
    });
  }
  const saved = 'workspaces:messages.saved';
  settingRoute('PATCH', '/workspaces/:id', 'details', saved, updateWorkspaceBody);
  // PATCH workspaces/:id/payment is billing's (a supervisor's): a plan changes by a paid invoice.
  settingRoute('PUT', '/workspaces/:id/schema', 'schema', saved, schemaBody);
  settingRoute('PUT', '/workspaces/:id/member-access', 'member_access', saved, memberAccessBody);
  settingRoute('POST', '/workspaces/archive/:id', 'archive', 'workspaces:messages.archived');
  settingRoute('POST', '/workspaces/restore/:id', 'restore', 'workspaces:messages.restored');
  settingRoute(
    'PUT',
    '/workspaces/:id/team-formation-strategy',
    'team_formation',
    saved,
    teamFormationStrategyBody,
  );

  route.delete(
    '/workspaces/:id',
    { params: workspaceIdParam, message: 'workspaces:messages.deleted' },
    (actor, request) => deleteWorkspace({ ...deps, areas: app.areas }, actor, request.params.id),
  );

  onWorkspace.delete(
    '/workspaces/:id/leave',
    { message: 'workspaces:messages.left' },
    leaveWorkspace,
  );

  onWorkspace.get(
    '/workspaces/:id/modal-information',
    { answer: modalInformation },
    showModalInformation,
  );
  onWorkspace.get('/workspaces/:id/number-of-works', { answer: numberOfWorks }, countWorks);

  onWorkspace.get(
    '/workspaces/:id/availability',
    {
      summary: "Members' free hours of the week (UTC), for finding times that suit everyone",
      answer: availability,
    },
    showAvailability,
  );

  onWorkspace.get(
    '/workspaces/:id/team-formation-strategies',
    {
      summary: 'The team-formation strategies, and the one this workspace uses',
      answer: teamFormationStrategies,
    },
    listFormationStrategies,
  );
}
