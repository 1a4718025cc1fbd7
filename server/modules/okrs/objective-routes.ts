import { z } from 'zod';
import { idParam } from '@contracts/common';
import {
  createObjectiveBody,
  objectiveCheckInBody,
  objectiveList,
  objectiveListQuery,
  objectiveResource,
  objectiveTree,
  OBJECTIVE_STATUSES,
  updateObjectiveBody,
  workspaceIdQuery,
} from '@contracts/okrs';
import { answerAs, operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import {
  changeObjectiveStatus,
  OBJECTIVE_MOVES,
  type ObjectiveMove,
} from './operations/change-objective-status';
import { checkInObjective } from './operations/check-in-objective';
import { createObjective } from './operations/create-objective';
import { deleteObjective } from './operations/delete-objective';
import { listObjectives } from './operations/list-objectives';
import { objectiveTree as readObjectiveTree } from './operations/objective-tree';
import { showObjective } from './operations/show-objective';
import { updateObjective } from './operations/update-objective';

const tags = ['okrs'];

/** Objectives (spec 7.2): HTTP over the OKR operations. */
export default async function objectiveRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  route.get(
    '/workspaces/:id/objectives',
    {
      summary: 'Objectives of a workspace by status (open, closed, archived), with counts',
      params: idParam,
      querystring: objectiveListQuery,
      answer: objectiveList,
    },
    (actor, request) =>
      listObjectives(deps, actor, {
        workspaceId: request.params.id,
        ...request.query,
      }),
  );

  route.get(
    '/workspaces/:id/objective-tree',
    {
      summary: "The workspace's objectives as their alignment tree, with rolled-up progress",
      params: idParam,
      querystring: z.object({ status: z.enum(OBJECTIVE_STATUSES).optional() }),
      answer: objectiveTree,
    },
    (actor, request) =>
      readObjectiveTree(deps, actor, {
        workspaceId: request.params.id,
        status: request.query.status,
      }),
  );

  route.post(
    '/workspaces/:id/objectives',
    {
      summary: 'A new objective, with its key results if given',
      params: idParam,
      body: createObjectiveBody,
      answer: objectiveResource,
      status: 201,
      message: 'okrs:messages.created',
    },
    (actor, request) =>
      answerAs(
        'objective',
        createObjective(deps, actor, {
          workspaceId: request.params.id,
          ...request.body,
        }),
      ),
  );

  route.get(
    '/objectives/:id',
    {
      summary: 'One objective with its key results, alignments and check-ins',
      params: idParam,
      answer: objectiveResource,
    },
    async (actor, request) => ({ objective: await showObjective(deps, actor, request.params.id) }),
  );

  route.put(
    '/objectives/:id',
    {
      summary: 'Change an objective: name, description, owners, org position, tags, period',
      params: idParam,
      querystring: workspaceIdQuery,
      body: updateObjectiveBody,
      answer: objectiveResource,
      message: 'okrs:messages.updated',
    },
    async (actor, request) => {
      const { workspace_id: workspaceId, ...fields } = request.body;
      const objective = await updateObjective(deps, actor, {
        id: request.params.id,
        workspaceId: workspaceId ?? request.query.workspace_id,
        fields,
      });
      return { objective };
    },
  );

  route.delete(
    '/objectives/:id',
    {
      summary: 'Delete an objective with its key results, check-ins and alignments',
      params: idParam,
      querystring: workspaceIdQuery,
      message: 'okrs:messages.deleted',
    },
    (actor, request) =>
      deleteObjective(deps, actor, {
        id: request.params.id,
        workspaceId: request.query.workspace_id,
      }),
  );

  for (const move of Object.keys(OBJECTIVE_MOVES) as ObjectiveMove[]) {
    route.post(
      `/objectives/:id/${move}`,
      {
        summary: `${move[0].toUpperCase()}${move.slice(1)} an objective`,
        params: idParam,
        answer: objectiveResource,
        message: OBJECTIVE_MOVES[move].message,
      },
      (actor, request) =>
        answerAs(
          'objective',
          changeObjectiveStatus(deps, actor, {
            id: request.params.id,
            move,
          }),
        ),
    );
  }

  route.post(
    '/objectives/:id/answer',
    {
      summary: 'Check in on the objective as a whole: status, confidence and a note',
      params: idParam,
      body: objectiveCheckInBody,
      answer: objectiveResource,
      status: 201,
      message: 'okrs:messages.checked_in',
    },
    (actor, request) =>
      answerAs(
        'objective',
        checkInObjective(deps, actor, {
          id: request.params.id,
          ...request.body,
        }),
      ),
  );
}
