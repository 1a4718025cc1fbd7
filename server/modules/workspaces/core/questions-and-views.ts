import { idParam } from '@contracts/common';
import {
  boardView as boardViewSchema,
  boardViewBody,
  boardViewList,
  questionList,
  questionsQuery,
  saveQuestionsBody,
  workspaceIdParam,
} from '@contracts/workspaces';
import { idRoutes, operationRoutes } from '../../../http/operation-routes';
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
  const questionRoute = operationRoutes(app, ['workspaces']);
  const viewTags = ['board views'];
  const viewRoute = operationRoutes(app, viewTags);
  const onWorkspace = idRoutes(app, viewTags, workspaceIdParam);
  const onView = idRoutes(app, viewTags, idParam);

  questionRoute.get(
    '/workspaces/:id/questions',
    { params: workspaceIdParam, querystring: questionsQuery, answer: questionList },
    (actor, request) =>
      listQuestions(deps, actor, { workspaceId: request.params.id, type: request.query.type }),
  );

  questionRoute.put(
    '/workspaces/:id/questions',
    {
      summary: 'Replace the questions of one type, in order',
      params: workspaceIdParam,
      body: saveQuestionsBody,
      answer: questionList,
      message: 'workspaces:messages.saved',
    },
    (actor, request) =>
      saveQuestions(deps, actor, { workspaceId: request.params.id, ...request.body }),
  );

  onWorkspace.get('/workspaces/:id/board_views', { answer: boardViewList }, listBoardViews);

  viewRoute.post(
    '/workspaces/:id/board_views',
    {
      params: workspaceIdParam,
      body: boardViewBody,
      answer: boardViewSchema,
      status: 201,
      message: 'workspaces:messages.saved',
    },
    (actor, request) =>
      createBoardView(deps, actor, { workspaceId: request.params.id, ...request.body }),
  );

  viewRoute.put(
    '/board_views/:id',
    {
      params: idParam,
      body: boardViewBody,
      answer: boardViewSchema,
      message: 'workspaces:messages.saved',
    },
    (actor, request) => updateBoardView(deps, actor, { id: request.params.id, ...request.body }),
  );

  onView.delete(
    '/board_views/:id',
    { message: 'workspaces:messages.board_view_deleted' },
    deleteBoardView,
  );
}
