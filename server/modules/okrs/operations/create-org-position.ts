import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { orgPositionBody } from '@contracts/okrs';
import { operationOn } from '../../../core/actor';
import { orgPositions } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import { manageOkrsIn } from '../load';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';

/** Adds a position to the org chart, under a parent position or at the top. */
export const createOrgPosition = operationOn(
  (db, actor, input: { workspaceId: number } & z.output<typeof orgPositionBody>) =>
    manageOkrsIn(db, actor, input.workspaceId),
  async (deps: OkrsDeps, access, input) => {
    const { db } = deps;
    const parentId = input.parent_id ?? null;
    if (parentId !== null) {
      const [parent] = await db
        .select({ id: orgPositions.id })
        .from(orgPositions)
        .where(
          and(eq(orgPositions.id, parentId), eq(orgPositions.workspaceId, access.workspace.id)),
        );
      if (!parent) throw validationFailed({ parent_id: 'okrs:messages.position_unknown' });
    }
    const [row] = await db
      .insert(orgPositions)
      .values({ workspaceId: access.workspace.id, name: input.name, parentId })
      .returning();
    okrsChanged(deps, access.workspace.id);
    return { id: row.id, name: row.name };
  },
);
