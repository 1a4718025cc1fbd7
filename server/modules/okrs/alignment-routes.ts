import { idParam } from '@contracts/common';
import { alignBody, alignmentList, alignmentParams } from '@contracts/okrs';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { alignObjective } from './operations/align-objective';
import { deleteAlignment } from './operations/delete-alignment';
import { listAlignments } from './operations/list-alignments';
import { unalignObjective } from './operations/unalign-objective';

const tags = ['okrs'];

/** Alignments (spec 7.2): HTTP over the OKR operations. */
export default async function alignmentRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  route.get(
    '/objectives/:id/alignments',
    {
      summary: 'Where an objective aligns upwards, and what aligns under it',
      params: idParam,
      answer: alignmentList,
    },
    (actor, request) => listAlignments(deps, actor, request.params.id),
  );

  route.post(
    '/objectives/:id/alignments',
    {
      summary: 'Align an objective under a parent objective or key result',
      params: idParam,
      body: alignBody,
      answer: alignmentList,
      status: 201,
      message: 'okrs:messages.aligned',
    },
    (actor, request) =>
      alignObjective(deps, actor, {
        id: request.params.id,
        ...request.body,
      }),
  );

  route.delete(
    '/objectives/:id/alignments',
    {
      summary: 'Remove every upward alignment of an objective',
      params: idParam,
      answer: alignmentList,
      message: 'okrs:messages.unaligned',
    },
    (actor, request) => unalignObjective(deps, actor, request.params.id),
  );

  route.delete(
    '/alignments/:alignment',
    {
      summary: 'Remove one alignment',
      params: alignmentParams,
      message: 'okrs:messages.unaligned',
    },
    (actor, request) => deleteAlignment(deps, actor, request.params.alignment),
  );
}
