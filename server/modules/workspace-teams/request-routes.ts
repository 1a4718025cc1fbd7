import { envelope, idParam } from '@contracts/common';
import {
  answerTeamRequestBody,
  createTeamRequestBody,
  teamIdParam,
  teamRequestResource,
  teamRequestsQuery,
  teamRequestsResource,
} from '@contracts/workspace-teams';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { answerTeamRequest } from './operations/answer-team-request';
import { listTeamRequests } from './operations/list-team-requests';
import { requestTeam } from './operations/request-team';

/** Requests to join a team and invitations into one, and answering them (spec 7.3). */
export default async function teamRequestRoutes(app: App) {
  const { deps } = app;
  const tags = ['teams'];
  const route = operationRoutes(app, tags);

  app.post(
    '/teams/:id/requests',
    {
      schema: {
        tags,
        summary: 'Ask to join a team, or invite a member into yours',
        params: teamIdParam,
        body: createTeamRequestBody,
        response: { 200: envelope(teamRequestResource) },
      },
    },
    async (request) => {
      const presented = await requestTeam(deps, actorOf(request), {
        teamId: request.params.id,
        ...request.body,
      });
      return ok(
        { request: presented },
        request.body.type === 'join'
          ? 'workspace-teams:messages.join_requested'
          : 'workspace-teams:messages.invited',
      );
    },
  );

  route.get(
    '/teams/requests',
    {
      summary: 'Requests and invitations that concern me',
      querystring: teamRequestsQuery,
      answer: teamRequestsResource,
    },
    (actor, request) => listTeamRequests(deps, actor, request.query),
  );

  app.patch(
    '/teams/requests/:id',
    {
      schema: {
        tags,
        summary: 'Accept or decline a request (or invitation), or cancel your own',
        params: idParam,
        body: answerTeamRequestBody,
        response: { 200: envelope(teamRequestResource) },
      },
    },
    async (request) => {
      const { status } = request.body;
      const presented = await answerTeamRequest(deps, actorOf(request), {
        id: request.params.id,
        status,
      });
      return ok({ request: presented }, `workspace-teams:messages.request_${status}`);
    },
  );
}
