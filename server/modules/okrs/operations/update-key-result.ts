import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateKeyResultBody } from '@contracts/okrs';
import { operationOn } from '../../../core/actor';
import { keyResults } from '../../../db/schema';
import { keyResultFor } from '../load';
import { syncFromTasks } from '../task-progress';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';
import { freshKeyResult } from './fresh';
import { keyResultFields, writeKeyResultOwners } from './key-result-fields';

/** Changes a key result's fields; those left out stay. */
export const updateKeyResult = operationOn(
  (db, actor, input: { id: number } & z.output<typeof updateKeyResultBody>) =>
    keyResultFor(db, actor, input.id, 'update'),
  async (deps: OkrsDeps, ctx, input) => {
    const { db } = deps;
    const { keyResult } = ctx;
    const change = await keyResultFields(db, keyResult.workspaceId, input, keyResult);
    await db.transaction(async (tx) => {
      await tx
        .update(keyResults)
        .set({ ...change.columns, updatedAt: new Date() })
        .where(eq(keyResults.id, keyResult.id));
      await writeKeyResultOwners(tx, keyResult.id, change, false);
      // Turned on (or values changed): the value follows the linked tasks from now on.
      const [updated] = await tx.select().from(keyResults).where(eq(keyResults.id, keyResult.id));
      await syncFromTasks(tx, updated);
    });
    okrsChanged(deps, keyResult.workspaceId);
    return freshKeyResult(db, ctx.access, keyResult.id);
  },
);
