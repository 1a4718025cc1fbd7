import { idParam } from '@contracts/common';
import {
  objectiveItems,
  orgChart,
  orgNodeParams,
  orgPositionBody,
  orgPositionResource,
  orgPositionUpdateBody,
} from '@contracts/okrs';
import { answerAs, operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { createOrgPosition } from './operations/create-org-position';
import { deleteOrgPosition } from './operations/delete-org-position';
import { listPositionObjectives } from './operations/list-position-objectives';
import { moveOrgPosition } from './operations/move-org-position';
import { renameOrgPosition } from './operations/rename-org-position';
import { showOrgChart } from './operations/show-org-chart';

const tags = ['okrs'];

/** The org chart (spec 7.2): HTTP over the OKR operations. */
export default async function orgChartRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  route.get(
    '/workspaces/:id/org-chart',
    {
      summary: "The workspace's org chart: positions as a tree",
      params: idParam,
      answer: orgChart,
    },
    (actor, request) => showOrgChart(deps, actor, { workspaceId: request.params.id }),
  );

  route.post(
    '/workspaces/:id/org-position',
    {
      summary: 'Add a position to the org chart, under a parent position or at the top',
      params: idParam,
      body: orgPositionBody,
      answer: orgPositionResource,
      status: 201,
      message: 'okrs:messages.position_created',
    },
    (actor, request) =>
      answerAs(
        'org_position',
        createOrgPosition(deps, actor, {
          workspaceId: request.params.id,
          ...request.body,
        }),
      ),
  );

  route.put(
    '/org-positions/:id',
    {
      summary: 'Rename a position',
      params: idParam,
      body: orgPositionUpdateBody,
      answer: orgPositionResource,
      message: 'okrs:messages.position_updated',
    },
    (actor, request) =>
      answerAs(
        'org_position',
        renameOrgPosition(deps, actor, {
          id: request.params.id,
          ...request.body,
        }),
      ),
  );

  route.put(
    '/org-positions/:id/org-nodes/:node',
    {
      summary: 'Move a position under another node of the same chart',
      params: orgNodeParams,
      answer: orgPositionResource,
      message: 'okrs:messages.position_moved',
    },
    (actor, request) => answerAs('org_position', moveOrgPosition(deps, actor, request.params)),
  );

  route.put(
    '/org-positions/:id/top',
    {
      summary: 'Move a position to the top of the chart',
      params: idParam,
      answer: orgPositionResource,
      message: 'okrs:messages.position_moved',
    },
    (actor, request) =>
      answerAs(
        'org_position',
        moveOrgPosition(deps, actor, {
          id: request.params.id,
          node: null,
        }),
      ),
  );

  route.delete(
    '/org-positions/:id',
    {
      summary:
        'Delete a position: its children move up to its parent; its objectives stay, unplaced',
      params: idParam,
      message: 'okrs:messages.position_deleted',
    },
    (actor, request) => deleteOrgPosition(deps, actor, request.params.id),
  );

  route.get(
    '/org-positions/:id/objectives',
    { summary: 'Objectives placed at a position', params: idParam, answer: objectiveItems },
    (actor, request) =>
      answerAs('objectives', listPositionObjectives(deps, actor, request.params.id)),
  );
}
