import { envelope } from '@contracts/common';
import { confirmedFormation, confirmFormationBody } from '@contracts/team-formation';
import { workspaceIdParam } from '@contracts/workspaces';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { actorOf } from '../../core/workspace-access';
import { confirmFormation } from './operations/confirm-formation';

/** `POST core/workspaces/:id/team-formation`: the owner confirms a proposal into real teams. */
export default async function teamFormationConfirmRoutes(app: App) {
  const { deps } = app;

  app.post(
    '/workspaces/:id/team-formation',
    {
      schema: {
        tags: ['team formation'],
        summary: 'Confirm a run (as proposed, or as edited by hand) into teams',
        params: workspaceIdParam,
        body: confirmFormationBody,
        response: { 200: envelope(confirmedFormation) },
      },
    },
    async (request) => {
      const created = await confirmFormation(deps, actorOf(request), {
        ...request.body,
        workspaceId: request.params.id,
        t: request.t,
      });
      return ok(
        { teams: created },
        { key: 'team-formation:messages.confirmed', params: { count: created.length } },
      );
    },
  );
}
