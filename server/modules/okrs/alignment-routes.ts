import { emptyResource, envelope, idParam } from '@contracts/common';
import { alignBody, alignmentList, alignmentParams } from '@contracts/okrs';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { actorOf } from '../../core/workspace-access';
import { alignObjective } from './operations/align-objective';
import { deleteAlignment } from './operations/delete-alignment';
import { listAlignments } from './operations/list-alignments';
import { unalignObjective } from './operations/unalign-objective';

const tags = ['okrs'];

/** Alignments (spec 7.2): HTTP over the OKR operations. */
export default async function alignmentRoutes(app: App) {
  const { deps } = app;

  app.get(
    '/objectives/:id/alignments',
    {
      schema: {
        tags,
        summary: 'Where an objective aligns upwards, and what aligns under it',
        params: idParam,
        response: { 200: envelope(alignmentList) },
      },
    },
    async (request) => ok(await listAlignments(deps, actorOf(request), request.params.id)),
  );

  app.post(
    '/objectives/:id/alignments',
    {
      schema: {
        tags,
        summary: 'Align an objective under a parent objective or key result',
        params: idParam,
        body: alignBody,
        response: { 201: envelope(alignmentList) },
      },
    },
    async (request, reply) => {
      const alignments = await alignObjective(deps, actorOf(request), {
        id: request.params.id,
        ...request.body,
      });
      return reply.status(201).send(ok(alignments, 'okrs:messages.aligned'));
    },
  );

  app.delete(
    '/objectives/:id/alignments',
    {
      schema: {
        tags,
        summary: 'Remove every upward alignment of an objective',
        params: idParam,
        response: { 200: envelope(alignmentList) },
      },
    },
    async (request) =>
      ok(
        await unalignObjective(deps, actorOf(request), request.params.id),
        'okrs:messages.unaligned',
      ),
  );

  app.delete(
    '/alignments/:alignment',
    {
      schema: {
        tags,
        summary: 'Remove one alignment',
        params: alignmentParams,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      await deleteAlignment(deps, actorOf(request), request.params.alignment);
      return ok({}, 'okrs:messages.unaligned');
    },
  );
}
