import { envelope } from '@contracts/common';
import { pinsQuery, pinsResource, savePinsBody } from '@contracts/pins';
import { actorOf } from '../../../core/workspace-access';
import { ok } from '../../../http/envelope';
import type { App } from '../../../http/types';
import { listPins } from './operations/list-pins';
import { savePins } from './operations/save-pins';

const tags = ['pins'];

export default async function pinRoutes(app: App) {
  const { deps } = app;

  app.get(
    '/pins',
    {
      schema: {
        tags,
        summary: "A workspace's general pins and the caller's personal pins",
        querystring: pinsQuery,
        response: { 200: envelope(pinsResource) },
      },
    },
    async (request) => ok(await listPins(deps, actorOf(request), request.query.workspace_id)),
  );

  app.post(
    '/pins',
    {
      schema: {
        tags,
        summary: 'Replace the general or the personal pin list (sent silently by the client)',
        body: savePinsBody,
        response: { 200: envelope(pinsResource) },
      },
    },
    async (request) => ok(await savePins(deps, actorOf(request), request.body)),
  );
}
