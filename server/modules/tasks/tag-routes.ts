import { envelope, idParam } from '@contracts/common';
import { createTagBody, tagList, tagQuery, tagResource, updateTagBody } from '@contracts/tasks';
import { ok } from '../../http/envelope';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { actorOf } from '../../core/workspace-access';
import { createTag, deleteTag, listTags, updateTag } from './operations/tags';

const tags = ['tags'];

/** Tags (operations/tags.ts): HTTP over their operations. */
export default async function tagRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  app.get(
    '/tags',
    { schema: { tags, querystring: tagQuery, response: { 200: envelope(tagList) } } },
    async (request) =>
      ok({
        tags: await listTags(deps, actorOf(request), {
          workspaceId: request.query.workspace_id,
          type: request.query.type,
        }),
      }),
  );

  app.post(
    '/tags',
    { schema: { tags, body: createTagBody, response: { 201: envelope(tagResource) } } },
    async (request, reply) => {
      const tag = await createTag(deps, actorOf(request), request.body);
      return reply.status(201).send(ok({ tag }, 'tasks:messages.tag_created'));
    },
  );

  app.put(
    '/tags/:id',
    {
      schema: {
        tags,
        params: idParam,
        body: updateTagBody,
        response: { 200: envelope(tagResource) },
      },
    },
    async (request) => {
      const tag = await updateTag(deps, actorOf(request), {
        id: request.params.id,
        fields: request.body,
      });
      return ok({ tag }, 'tasks:messages.tag_saved');
    },
  );

  route.delete(
    '/tags/:id',
    { params: idParam, message: 'tasks:messages.tag_deleted' },
    (actor, request) => deleteTag(deps, actor, request.params.id),
  );
}
