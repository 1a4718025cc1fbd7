import { emptyResource, envelope, idParam } from '@contracts/common';
import {
  boardView as boardViewSchema,
  boardViewBody,
  boardViewList,
  questionList,
  questionsQuery,
  saveQuestionsBody,
  workspaceIdParam,
} from '@contracts/workspaces';
import { actorOf } from '../../../core/workspace-access';
import { ok } from '../../../http/envelope';
import type { App } from '../../../http/types';
import { createBoardView } from './operations/create-board-view';
import { deleteBoardView } from './operations/delete-board-view';
import { listBoardViews } from './operations/list-board-views';
import { listQuestions } from './operations/list-questions';
import { saveQuestions } from './operations/save-questions';
import { updateBoardView } from './operations/update-board-view';

/** A workspace's question lists by type, and each person's saved board views in it. */
export default async function questionAndViewRoutes(app: App) {
  const { deps } = app;

  app.get(
    '/workspaces/:id/questions',
    {
      schema: {
        tags: ['workspaces'],
        params: workspaceIdParam,
        querystring: questionsQuery,
        response: { 200: envelope(questionList) },
      },
    },
    async (request) =>
      ok(
        await listQuestions(deps, actorOf(request), {
          workspaceId: request.params.id,
          type: request.query.type,
        }),
      ),
  );

  app.put(
    '/workspaces/:id/questions',
    {
      schema: {
        tags: ['workspaces'],
        summary: 'Replace the questions of one type, in order',
        params: workspaceIdParam,
        body: saveQuestionsBody,
        response: { 200: envelope(questionList) },
      },
    },
    async (request) => {
      const saved = await saveQuestions(deps, actorOf(request), {
        workspaceId: request.params.id,
        ...request.body,
      });
      return ok(saved, 'workspaces:messages.saved');
    },
  );

  const viewTags = ['board views'];

  app.get(
    '/workspaces/:id/board_views',
    {
      schema: {
        tags: viewTags,
        params: workspaceIdParam,
        response: { 200: envelope(boardViewList) },
      },
    },
    async (request) => ok(await listBoardViews(deps, actorOf(request), request.params.id)),
  );

  app.post(
    '/workspaces/:id/board_views',
    {
      schema: {
        tags: viewTags,
        params: workspaceIdParam,
        body: boardViewBody,
        response: { 201: envelope(boardViewSchema) },
      },
    },
    async (request, reply) => {
      const view = await createBoardView(deps, actorOf(request), {
        workspaceId: request.params.id,
        ...request.body,
      });
      return reply.status(201).send(ok(view, 'workspaces:messages.saved'));
    },
  );

  app.put(
    '/board_views/:id',
    {
      schema: {
        tags: viewTags,
        params: idParam,
        body: boardViewBody,
        response: { 200: envelope(boardViewSchema) },
      },
    },
    async (request) => {
      const view = await updateBoardView(deps, actorOf(request), {
        id: request.params.id,
        ...request.body,
      });
      return ok(view, 'workspaces:messages.saved');
    },
  );

  app.delete(
    '/board_views/:id',
    { schema: { tags: viewTags, params: idParam, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      await deleteBoardView(deps, actorOf(request), request.params.id);
      return ok({}, 'workspaces:messages.board_view_deleted');
    },
  );
}
