import { envelope, emptyResource } from '@contracts/common';
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
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { actorOf } from '../../core/workspace-access';
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

  app.get(
    '/workspaces',
    {
      schema: {
        tags,
        summary: 'Public workspaces anyone signed in may browse and copy',
        querystring: publicWorkspacesQuery,
        response: { 200: envelope(publicWorkspacePage) },
      },
    },
    async (request) =>
      ok({ workspaces: await browsePublicWorkspaces(deps, actorOf(request), request.query) }),
  );

  app.get(
    '/workspaces/:id',
    {
      schema: {
        tags,
        params: workspaceIdParam,
        response: { 200: envelope(publicWorkspaceDetail) },
      },
    },
    async (request) => ok(await showPublicWorkspace(deps, actorOf(request), request.params.id)),
  );

  app.get(
    '/workspaces/:id/users',
    {
      schema: {
        tags,
        summary:
          'Members of a public workspace who let the caller see them: name and picture, skills when they allow',
        params: workspaceIdParam,
        response: { 200: envelope(publicWorkspaceUsersSchema) },
      },
    },
    async (request) => ok(await publicWorkspaceUsers(deps, actorOf(request), request.params.id)),
  );

  app.get(
    '/workspaces/:id/public',
    {
      schema: {
        tags,
        summary: 'Whether the workspace is published to the team generator (owners and admins)',
        params: workspaceIdParam,
        response: { 200: envelope(publicationStateSchema) },
      },
    },
    async (request) => ok(await publicationState(deps, actorOf(request), request.params.id)),
  );

  app.put(
    '/workspaces/:id/public',
    {
      schema: {
        tags,
        summary: 'Publish a workspace to the team generator (owners and admins)',
        params: workspaceIdParam,
        body: publishWorkspaceBody,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      await publishWorkspace(deps, actorOf(request), {
        ...request.body,
        workspaceId: request.params.id,
      });
      return ok({}, 'team-formation:messages.published');
    },
  );

  app.delete(
    '/workspaces/:id/public',
    {
      schema: {
        tags,
        summary: 'Take a workspace off the team generator',
        params: workspaceIdParam,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      await unpublishWorkspace(deps, actorOf(request), request.params.id);
      return ok({}, 'team-formation:messages.unpublished');
    },
  );

  app.post(
    '/workspaces/transfer-from-public',
    {
      schema: {
        tags,
        summary: "Copy a public workspace's set-up and team structure into a new workspace",
        body: transferFromPublicBody,
        response: { 200: envelope(transferredWorkspace) },
      },
    },
    async (request) =>
      ok(
        await copyPublicWorkspace(deps, actorOf(request), request.body),
        'team-formation:messages.transferred',
      ),
  );
}
