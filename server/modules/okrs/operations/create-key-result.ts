import type { z } from 'zod';
import type { createKeyResultBody } from '@contracts/okrs';
import { operationOn } from '../../../core/actor';
import { keyResults } from '../../../db/schema';
import { objectiveFor } from '../load';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';
import { freshKeyResult } from './fresh';
import { keyResultFields, writeKeyResultOwners } from './key-result-fields';

/** A new key result of an objective. */
export const createKeyResult = operationOn(
  (db, actor, input: z.output<typeof createKeyResultBody>) =>
    objectiveFor(db, actor, input.objective_id, 'add_key_result'),
  async (deps: OkrsDeps, ctx, input) => {
    const { db } = deps;
    const workspaceId = ctx.objective.workspaceId;
    const change = await keyResultFields(db, workspaceId, input, null);
    const id = await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(keyResults)
        .values({
          objectiveId: ctx.objective.id,
          workspaceId,
          ...change.columns,
          createdBy: ctx.access.userId,
        })
        .returning({ id: keyResults.id });
      await writeKeyResultOwners(tx, made.id, change, true);
      return made.id;
    });
    okrsChanged(deps, workspaceId);
    return freshKeyResult(db, ctx.access, id);
  },
);
