import type { FastifyRequest } from 'fastify';
import { envelope } from '@contracts/common';
import {
  createSubtaskBody,
  createSubtaskForAllBody,
  people,
  reviewerChoices,
  subtaskList,
  subtasksUsers,
  taskParams,
  taskResource,
  teamsList,
} from '@contracts/tasks';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { choicesFor } from './choices';
import { loadTask } from './load';
import { createSubtask, subtaskScope, subtasksOf } from './operations/subtasks';
import { announceTaskChange } from './notify';
import { countPeopleWithoutTeam } from './people';
import { presentTasks, viewerOf } from './present';
import { freshTask } from './shared';
import { actorOf } from '../../core/workspace-access';

const tags = ['subtasks'];

/** Spec 7.5: the subtasks of a task, and whom they can be for. */
export default async function subtaskRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/tasks/:id/subtasks',
    { schema: { tags, params: taskParams, response: { 200: envelope(subtaskList) } } },
    async (request) => {
      const parent = await loadTask(db, actorOf(request), request.params.id, 'task');
      const rows = await subtasksOf(db, parent.task.id);
      return ok({ subtasks: await presentTasks(db, rows, viewerOf(parent.access)) });
    },
  );

  for (const [path, summary, body, forAll] of [
    [
      'subtasks',
      'A subtask for chosen people (each their own unit) and/or teams',
      createSubtaskBody,
      false,
    ],
    [
      'subtasks-for-all-users',
      'A subtask for every person the caller can give one to',
      createSubtaskForAllBody,
      true,
    ],
  ] as const) {
    app.post(
      `/tasks/:id/${path}`,
      {
        schema: {
          tags,
          summary,
          params: taskParams,
          body,
          response: { 201: envelope(taskResource) },
        },
      },
      async (request, reply) => {
        const parent = await loadTask(db, actorOf(request), request.params.id, 'task');
        const row = await createSubtask(db, parent, request.body, forAll);
        announceTaskChange(app.deps, row);
        const task = await freshTask(db, parent, row.id);
        return reply.status(201).send(ok({ task }, 'tasks:messages.subtask_created'));
      },
    );
  }

  app.get(
    '/tasks/:id/subtasks-users',
    {
      schema: {
        tags,
        summary: "The task's people, each with the subtasks they have",
        params: taskParams,
        response: { 200: envelope(subtasksUsers) },
      },
    },
    async (request) => {
      const parent = await loadTask(db, actorOf(request), request.params.id, 'task');
      const [choices, rows] = await Promise.all([
        choicesFor(db, { ...parent.task, type: 'owner', parentId: parent.task.id }),
        subtasksOf(db, parent.task.id),
      ]);
      const subtasks = await presentTasks(db, rows, viewerOf(parent.access));
      const users = choices.users.map((user) => ({
        user,
        subtasks: subtasks.flatMap((subtask) => {
          const unit = subtask.assignments.find(
            (a) => a.user?.id === user.id || a.team?.members.some((m) => m.id === user.id),
          );
          return unit ? [{ id: subtask.id, name: subtask.name, status: unit.status }] : [];
        }),
      }));
      return ok({ users });
    },
  );

  const lookup = async (request: FastifyRequest, id: number) => {
    const parent = await loadTask(db, actorOf(request), id, 'task');
    return { parent, choices: await choicesFor(db, subtaskScope(parent)) };
  };

  app.get(
    '/tasks/:id/select-subtask-users',
    { schema: { tags, params: taskParams, response: { 200: envelope(people) } } },
    async (request) => ok({ users: (await lookup(request, request.params.id)).choices.users }),
  );

  app.get(
    '/tasks/:id/select-subtask-users-teams',
    { schema: { tags, params: taskParams, response: { 200: envelope(teamsList) } } },
    async (request) => {
      const { parent, choices } = await lookup(request, request.params.id);
      const withoutTeam = await countPeopleWithoutTeam(db, parent.task.workspaceId);
      return ok({ teams: choices.teams, users_dont_have_team_count: withoutTeam });
    },
  );

  app.get(
    '/tasks/:id/selectable-subtask-users-for-reviewers',
    { schema: { tags, params: taskParams, response: { 200: envelope(reviewerChoices) } } },
    async (request) => {
      const { choices } = await lookup(request, request.params.id);
      return ok({
        all_reviewers: choices.allReviewers,
        default_reviewers: choices.defaultReviewers,
      });
    },
  );
}
