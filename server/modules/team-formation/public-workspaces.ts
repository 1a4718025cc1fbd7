import {
  publicationState as publicationStateSchema,
  publicWorkspaceDetail,
  publicWorkspacePage,
  publicWorkspacesQuery,
  publicWorkspaceUsers as publicWorkspaceUsersSchema,
  publishWorkspaceBody,
  transferFromPublicBody,
  transferredWorkspace,
} from '@contracts/team-formation';
import { workspaceIdParam } from '@contracts/workspaces';
import { idRoutes, operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import {
  browsePublicWorkspaces,
  copyPublicWorkspace,
  publicationState,
  publicWorkspaceUsers,
  publishWorkspace,
  showPublicWorkspace,
  unpublishWorkspace,
} from './operations/public-workspaces';

/**
 * The team generator's public workspaces (spec 7.8, operations/public-listing.ts): HTTP over
 * their operations.
 */
export default async function publicWorkspaceRoutes(app: App) {
  const { deps } = app;
  const tags = ['team generator'];
  const route = operationRoutes(app, tags);
  const onWorkspace = idRoutes(app, tags, workspaceIdParam);

  route.get(
    '/workspaces',
    {
      summary: 'Public workspaces anyone signed in may browse and copy',
      querystring: publicWorkspacesQuery,
      answer: publicWorkspacePage,
    },
    async (actor, request) => ({
      workspaces: await browsePublicWorkspaces(deps, actor, request.query),
    }),
  );

  onWorkspace.get('/workspaces/:id', { answer: publicWorkspaceDetail }, showPublicWorkspace);

  onWorkspace.get(
    '/workspaces/:id/users',
    {
      summary:
        'Members of a public workspace who let the caller see them: name and picture, skills when they allow',
      answer: publicWorkspaceUsersSchema,
    },
    publicWorkspaceUsers,
  );

  onWorkspace.get(
    '/workspaces/:id/public',
    {
      summary: 'Whether the workspace is published to the team generator (owners and admins)',
      answer: publicationStateSchema,
    },
    publicationState,
  );

  route.put(
    '/workspaces/:id/public',
    {
      summary: 'Publish a workspace to the team generator (owners and admins)',
      params: workspaceIdParam,
      body: publishWorkspaceBody,
      message: 'team-formation:messages.published',
    },
    (actor, request) =>
      publishWorkspace(deps, actor, {
        ...request.body,
        workspaceId: request.params.id,
      }),
  );

  onWorkspace.delete(
    '/workspaces/:id/public',
    {
      summary: 'Take a workspace off the team generator',
      message: 'team-formation:messages.unpublished',
    },
    unpublishWorkspace,
  );

  route.post(
    '/workspaces/transfer-from-public',
    {
      summary: "Copy a public workspace's set-up and team structure into a new workspace",
      body: transferFromPublicBody,
      answer: transferredWorkspace,
      message: 'team-formation:messages.transferred',
    },
    (actor, request) => copyPublicWorkspace(deps, actor, request.body),
  );
}
