import { and, eq, sql } from 'drizzle-orm';
import { emptyResource, envelope, idParam } from '@contracts/common';
import { alignBody, alignmentList, alignmentParams } from '@contracts/okrs';
import { keyResults, objectiveAlignments, objectives } from '../../db/schema';
import { ok } from '../../http/envelope';
import { conflict, forbidden, notFound, validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import { requireWorkspaceChange } from '../../core/workspace-access';
import { loadObjective, objectiveFor, viewerOf } from './load';
import { managesOkrs } from './policy';
import { alignmentsOf, loadWorkspaceTree } from './present';
import { wouldCycle } from './progress';

const tags = ['okrs'];

/**
 * Alignments (spec 7.2): an objective aligns under a parent objective or a parent key result
 * of the same workspace, with a weight. A loop is refused with a message and nothing written.
 */
export default async function alignmentRoutes(app: App) {
  const { db } = app.deps;

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
    async (request) => {
      const ctx = await loadObjective(request, db, request.params.id);
      const tree = await loadWorkspaceTree(db, ctx.objective.workspaceId);
      return ok(alignmentsOf(ctx.objective.id, tree));
    },
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
      const ctx = await objectiveFor(request, db, request.params.id, 'align');
      const body = request.body;
      const given = [body.parent_objective_id, body.parent_key_result_id].filter(
        (x) => x !== undefined,
      );
      if (given.length !== 1) {
        throw validationFailed({ parent_objective_id: 'okrs:messages.one_parent' });
      }
      const workspaceId = ctx.objective.workspaceId;
      let parentObjective: number;
      if (body.parent_objective_id !== undefined) {
        const [parent] = await db
          .select({ id: objectives.id })
          .from(objectives)
          .where(
            and(
              eq(objectives.id, body.parent_objective_id),
              eq(objectives.workspaceId, workspaceId),
            ),
          );
        if (!parent) {
          throw validationFailed({ parent_objective_id: 'okrs:messages.parent_unknown' });
        }
        parentObjective = parent.id;
      } else {
        const [parent] = await db
          .select({ objectiveId: keyResults.objectiveId })
          .from(keyResults)
          .where(
            and(
              eq(keyResults.id, body.parent_key_result_id ?? 0),
              eq(keyResults.workspaceId, workspaceId),
            ),
          );
        if (!parent) {
          throw validationFailed({ parent_key_result_id: 'okrs:messages.parent_unknown' });
        }
        parentObjective = parent.objectiveId;
      }
      await db.transaction(async (tx) => {
        // Serialise alignments of one workspace so two requests cannot close a loop together.
        await tx.execute(sql`select pg_advisory_xact_lock(1414, ${workspaceId})`);
        const tree = await loadWorkspaceTree(tx, workspaceId);
        const krObjective = new Map(tree.keyResults.map((k) => [k.id, k.objectiveId]));
        if (wouldCycle(ctx.objective.id, parentObjective, tree.alignments, krObjective)) {
          throw conflict('okrs:messages.alignment_cycle');
        }
        const duplicate = tree.alignments.some(
          (a) =>
            a.objectiveId === ctx.objective.id &&
            a.parentObjectiveId === (body.parent_objective_id ?? null) &&
            a.parentKeyResultId === (body.parent_key_result_id ?? null),
        );
        if (duplicate) throw conflict('okrs:messages.already_aligned');
        await tx.insert(objectiveAlignments).values({
          workspaceId,
          objectiveId: ctx.objective.id,
          parentObjectiveId: body.parent_objective_id ?? null,
          parentKeyResultId: body.parent_key_result_id ?? null,
          weight: body.weight ?? 1,
        });
      });
      const tree = await loadWorkspaceTree(db, workspaceId);
      return reply
        .status(201)
        .send(ok(alignmentsOf(ctx.objective.id, tree), 'okrs:messages.aligned'));
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
    async (request) => {
      const ctx = await objectiveFor(request, db, request.params.id, 'align');
      await db
        .delete(objectiveAlignments)
        .where(eq(objectiveAlignments.objectiveId, ctx.objective.id));
      const tree = await loadWorkspaceTree(db, ctx.objective.workspaceId);
      return ok(alignmentsOf(ctx.objective.id, tree), 'okrs:messages.unaligned');
    },
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
      const [row] = await db
        .select()
        .from(objectiveAlignments)
        .where(eq(objectiveAlignments.id, request.params.alignment));
      if (!row) throw notFound('okrs:messages.alignment_not_found');
      const access = await requireWorkspaceChange(
        request,
        db,
        row.workspaceId,
        'view_workspace',
      ).catch((error: unknown) => {
        if ((error as { statusCode?: number }).statusCode === 404) {
          throw notFound('okrs:messages.alignment_not_found');
        }
        throw error;
      });
      if (!managesOkrs(viewerOf(access))) throw forbidden();
      await db.delete(objectiveAlignments).where(eq(objectiveAlignments.id, row.id));
      return ok({}, 'okrs:messages.unaligned');
    },
  );
}
