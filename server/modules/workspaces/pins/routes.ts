import { pinsQuery, pinsResource, savePinsBody } from '@contracts/pins';
import { operationRoutes } from '../../../http/operation-routes';
import type { App } from '../../../http/types';
import { listPins } from './operations/list-pins';
import { savePins } from './operations/save-pins';

const tags = ['pins'];

export default async function pinRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  route.get(
    '/pins',
    {
      summary: "A workspace's general pins and the caller's personal pins",
      querystring: pinsQuery,
      answer: pinsResource,
    },
    (actor, request) => listPins(deps, actor, request.query.workspace_id),
  );

  route.post(
    '/pins',
    {
      summary: 'Replace the general or the personal pin list (sent silently by the client)',
      body: savePinsBody,
      answer: pinsResource,
    },
    (actor, request) => savePins(deps, actor, request.body),
  );
}
