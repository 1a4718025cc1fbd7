import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { alignBody } from '@contracts/okrs';
import { operationOn } from '../../../core/actor';
import { keyResults, objectiveAlignments, objectives } from '../../../db/schema';
import { conflict, validationFailed } from '../../../http/errors';
import { objectiveFor } from '../load';
import { alignmentsOf, loadWorkspaceTree } from '../present';
import { wouldCycle } from '../progress';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';

/**
 * Aligns an objective under a parent objective or a parent key result of the same workspace,
 * with a weight (spec 7.2). A loop is refused with a message and nothing written.
 */
export const alignObjective = operationOn(
  (db, actor, input: { id: number } & z.output<typeof alignBody>) =>
    objectiveFor(db, actor, input.id, 'align'),
  async (deps: OkrsDeps, ctx, input) => {
    const { db } = deps;
    const given = [input.parent_objective_id, input.parent_key_result_id].filter(
      (x) => x !== undefined,
    );
    if (given.length !== 1) {
      throw validationFailed({ parent_objective_id: 'okrs:messages.one_parent' });
    }
    const workspaceId = ctx.objective.workspaceId;
    let parentObjective: number;
    if (input.parent_objective_id !== undefined) {
      const [parent] = await db
        .select({ id: objectives.id })
        .from(objectives)
        .where(
          and(
            eq(objectives.id, input.parent_objective_id),
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
            eq(keyResults.id, input.parent_key_result_id ?? 0),
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
          a.parentObjectiveId === (input.parent_objective_id ?? null) &&
          a.parentKeyResultId === (input.parent_key_result_id ?? null),
      );
      if (duplicate) throw conflict('okrs:messages.already_aligned');
      await tx.insert(objectiveAlignments).values({
        workspaceId,
        objectiveId: ctx.objective.id,
        parentObjectiveId: input.parent_objective_id ?? null,
        parentKeyResultId: input.parent_key_result_id ?? null,
        weight: input.weight ?? 1,
      });
    });
    okrsChanged(deps, workspaceId);
    return alignmentsOf(ctx.objective.id, await loadWorkspaceTree(db, workspaceId));
  },
);
