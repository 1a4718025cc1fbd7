import { idParam } from '@contracts/common';
import { createTagBody, tagList, tagQuery, tagResource, updateTagBody } from '@contracts/tasks';
import { answerAs, operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { createTag, deleteTag, listTags, updateTag } from './operations/tags';

const tags = ['tags'];

/** Tags (operations/tags.ts): HTTP over their operations. */
export default async function tagRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  route.get('/tags', { querystring: tagQuery, answer: tagList }, async (actor, request) => ({
    tags: await listTags(deps, actor, {
      workspaceId: request.query.workspace_id,
      type: request.query.type,
    }),
  }));

  route.post(
    '/tags',
    {
      body: createTagBody,
      answer: tagResource,
      status: 201,
      message: 'tasks:messages.tag_created',
    },
    (actor, request) => answerAs('tag', createTag(deps, actor, request.body)),
  );

  route.put(
    '/tags/:id',
    {
      params: idParam,
      body: updateTagBody,
      answer: tagResource,
      message: 'tasks:messages.tag_saved',
    },
    (actor, request) =>
      answerAs(
        'tag',
        updateTag(deps, actor, {
          id: request.params.id,
          fields: request.body,
        }),
      ),
  );

  route.delete(
    '/tags/:id',
    { params: idParam, message: 'tasks:messages.tag_deleted' },
    (actor, request) => deleteTag(deps, actor, request.params.id),
  );
}
