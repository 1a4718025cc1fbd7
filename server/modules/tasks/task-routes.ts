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
import { operationRoutes } from '../../http/operation-routes';
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
    async (actor, request) => ({
      tasks: await searchTasks(deps, actor, {
        q: request.query.q,
        workspaceId: request.query.workspace_id,
      }),
    }),
  );

  const creation = { params: idParam, response: { 201: envelope(taskResource) } };

  app.post(
    '/workspaces/:id/tasks-by-owner',
    {
      schema: {
        tags,
        summary: 'A task set by an owner or admin, for people and teams',
        ...creation,
        body: createTaskByOwnerBody,
      },
    },
    async (request, reply) => {
      const task = await giveTaskByOwner(deps, actorOf(request), {
        ...request.body,
        workspaceId: request.params.id,
      });
      return reply.status(201).send(ok({ task }, 'tasks:messages.created'));
    },
  );

  app.post(
    '/workspaces/:id/tasks-by-member',
    {
      schema: {
        tags,
        summary: "A member's own task, for themselves or their team",
        ...creation,
        body: createTaskByMemberBody,
      },
    },
    async (request, reply) => {
      const task = await giveTaskByMember(deps, actorOf(request), {
        ...request.body,
        workspaceId: request.params.id,
      });
      return reply.status(201).send(ok({ task }, 'tasks:messages.created'));
    },
  );

  const workspaceLookup = (summary: string) => ({
    tags,
    summary,
    params: idParam,
  });

  app.get(
    '/workspaces/:id/selectable-users',
    {
      schema: {
        ...workspaceLookup('People a task can be given to'),
        response: { 200: envelope(people) },
      },
    },
    async (request) =>
      ok({ users: await selectableUsers(deps, actorOf(request), request.params.id) }),
  );

  app.get(
    '/workspaces/:id/selectable-teams',
    {
      schema: {
        ...workspaceLookup('Teams a task can be given to'),
        response: { 200: envelope(teamsList) },
      },
    },
    async (request) => ok(await selectableTeams(deps, actorOf(request), request.params.id)),
  );

  app.get(
    '/workspaces/:id/selectable-users-for-reviewers',
    {
      schema: {
        ...workspaceLookup('People who may review tasks, and the default reviewers'),
        response: { 200: envelope(reviewerChoicesSchema) },
      },
    },
    async (request) => ok(await reviewerChoices(deps, actorOf(request), request.params.id)),
  );
}
