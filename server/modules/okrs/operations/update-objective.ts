import { eq } from 'drizzle-orm';
import { operationOn } from '../../../core/actor';
import { objectives } from '../../../db/schema';
import { objectiveFor } from '../load';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';
import { freshObjective } from './fresh';
import { objectiveFields, writeObjectiveLinks, type ObjectiveFields } from './objective-fields';
import { sameWorkspace } from './same-workspace';

/** Changes an objective's fields; those left out stay. */
export const updateObjective = operationOn(
  (db, actor, input: { id: number; workspaceId?: number; fields: ObjectiveFields }) =>
    objectiveFor(db, actor, input.id, 'update'),
  async (deps: OkrsDeps, ctx, input) => {
    const { db } = deps;
    const { objective } = ctx;
    sameWorkspace(input.workspaceId, objective);
    const change = await objectiveFields(db, objective.workspaceId, input.fields, objective);
    await db.transaction(async (tx) => {
      await tx
        .update(objectives)
        .set({ ...change.columns, updatedAt: new Date() })
        .where(eq(objectives.id, objective.id));
      await writeObjectiveLinks(tx, objective.id, change, false);
    });
    okrsChanged(deps, objective.workspaceId);
    return freshObjective(db, ctx.access, objective.id);
  },
);
