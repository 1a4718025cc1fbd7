import type { z } from 'zod';
import type { createObjectiveBody } from '@contracts/okrs';
import { operationOn } from '../../../core/actor';
import { keyResults, objectives } from '../../../db/schema';
import { manageOkrsIn } from '../load';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';
import { freshObjective } from './fresh';
import { keyResultFields, writeKeyResultOwners } from './key-result-fields';
import { newObjectiveRow, objectiveFields, writeObjectiveLinks } from './objective-fields';

/** A new objective of a workspace, with its key results if given (managers only). */
export const createObjective = operationOn(
  (db, actor, input: { workspaceId: number } & z.output<typeof createObjectiveBody>) =>
    manageOkrsIn(db, actor, input.workspaceId),
  async (deps: OkrsDeps, access, input) => {
    const { db } = deps;
    const workspaceId = access.workspace.id;
    const change = await objectiveFields(db, workspaceId, input, null);
    const krs = await Promise.all(
      (input.key_results ?? []).map((kr, i) =>
        keyResultFields(db, workspaceId, kr, null, `key_results.${i}.`),
      ),
    );
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(objectives)
        .values(newObjectiveRow(workspaceId, change, access.userId))
        .returning({ id: objectives.id });
      await writeObjectiveLinks(tx, row.id, change, true);
      for (const kr of krs) {
        const [made] = await tx
          .insert(keyResults)
          .values({ objectiveId: row.id, workspaceId, ...kr.columns, createdBy: access.userId })
          .returning({ id: keyResults.id });
        await writeKeyResultOwners(tx, made.id, kr, true);
      }
      return row.id;
    });
    okrsChanged(deps, workspaceId);
    return freshObjective(db, access, id);
  },
);
