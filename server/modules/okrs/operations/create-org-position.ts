import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { orgPositionBody } from '@contracts/okrs';
import type { Actor } from '../../../core/actor';
import { orgPositions } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import { manageOkrsIn } from '../load';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';

/** Adds a position to the org chart, under a parent position or at the top. */
export async function createOrgPosition(
  deps: OkrsDeps,
  actor: Actor,
  input: { workspaceId: number } & z.output<typeof orgPositionBody>,
) {
  const { db } = deps;
  const access = await manageOkrsIn(db, actor, input.workspaceId);
  const parentId = input.parent_id ?? null;
  if (parentId !== null) {
    const [parent] = await db
      .select({ id: orgPositions.id })
      .from(orgPositions)
      .where(and(eq(orgPositions.id, parentId), eq(orgPositions.workspaceId, access.workspace.id)));
    if (!parent) throw validationFailed({ parent_id: 'okrs:messages.position_unknown' });
  }
  const [row] = await db
    .insert(orgPositions)
    .values({ workspaceId: access.workspace.id, name: input.name, parentId })
    .returning();
  okrsChanged(deps, access.workspace.id);
  return { id: row.id, name: row.name };
}
