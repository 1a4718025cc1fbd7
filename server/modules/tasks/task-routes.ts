import { envelope, idParam } from '@contracts/common';
import {
  createTaskByMemberBody,
  createTaskByOwnerBody,
  people,
  reviewerChoices as reviewerChoicesSchema,
  taskItems,
  taskList,
  taskListQuery,
  taskResource,
  taskSearchQuery,
  teamsList,
} from '@contracts/tasks';
import { ok } from '../../http/envelope';
import { answerAs, idRoutes, operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { actorOf } from '../../core/workspace-access';
import { giveTaskByMember, giveTaskByOwner } from './operations/give-task';
import { searchTasks } from './operations/search-tasks';
import { reviewerChoices, selectableTeams, selectableUsers } from './operations/task-choices';
import { openTaskList } from './operations/task-list';

const tags = ['tasks'];

/** The task list, search, creation and the choices for a new task: HTTP over operations. */
export default async function taskRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);
  const { keptAnswers } = deps;

  app.get(
    '/workspaces/:id/tasks',
    {
      schema: {
        tags,
        summary: 'Tasks of a workspace by status, with the counts of each status',
        params: idParam,
        querystring: taskListQuery,
        response: { 200: envelope(taskList) },
      },
    },
    async (request, reply) => {
      const list = await openTaskList(deps, actorOf(request), {
        workspaceId: request.params.id,
        query: request.query,
      });
      return keptAnswers.answer(reply, list.key, list.changes, async () => {
        const { page, validUntil } = await list.read();
        return { body: ok(page), validUntil };
      });
    },
  );

  route.get(
    '/tasks/search',
    {
      summary: 'Tasks and subtasks by name, in the workspaces the caller belongs to',
      querystring: taskSearchQuery,
      answer: taskItems,
    },
    (actor, request) =>
      answerAs(
        'tasks',
        searchTasks(deps, actor, { q: request.query.q, workspaceId: request.query.workspace_id }),
      ),
  );

  const creation = {
    params: idParam,
    answer: taskResource,
    status: 201,
    message: 'tasks:messages.created',
  } as const;

  route.post(
    '/workspaces/:id/tasks-by-owner',
    {
      summary: 'A task set by an owner or admin, for people and teams',
      ...creation,
      body: createTaskByOwnerBody,
    },
    (actor, request) =>
      answerAs(
        'task',
        giveTaskByOwner(deps, actor, { ...request.body, workspaceId: request.params.id }),
      ),
  );

  route.post(
    '/workspaces/:id/tasks-by-member',
    {
      summary: "A member's own task, for themselves or their team",
      ...creation,
      body: createTaskByMemberBody,
    },
    (actor, request) =>
      answerAs(
        'task',
        giveTaskByMember(deps, actor, { ...request.body, workspaceId: request.params.id }),
      ),
  );

  const onWorkspace = idRoutes(app, tags, idParam);

  onWorkspace.get(
    '/workspaces/:id/selectable-users',
    { summary: 'People a task can be given to', answer: people },
    (operationDeps, actor, id) => answerAs('users', selectableUsers(operationDeps, actor, id)),
  );

  onWorkspace.get(
    '/workspaces/:id/selectable-teams',
    { summary: 'Teams a task can be given to', answer: teamsList },
    selectableTeams,
  );

  onWorkspace.get(
    '/workspaces/:id/selectable-users-for-reviewers',
    {
      summary: 'People who may review tasks, and the default reviewers',
      answer: reviewerChoicesSchema,
    },
    reviewerChoices,
  );
}
