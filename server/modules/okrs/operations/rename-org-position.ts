import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { orgPositionUpdateBody } from '@contracts/okrs';
import type { Actor } from '../../../core/actor';
import { orgPositions } from '../../../db/schema';
import { positionFor } from '../org-chart';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';

/** Renames a position. */
export async function renameOrgPosition(
  deps: OkrsDeps,
  actor: Actor,
  input: { id: number } & z.output<typeof orgPositionUpdateBody>,
) {
  const { position } = await positionFor(deps.db, actor, input.id);
  await deps.db
    .update(orgPositions)
    .set({ name: input.name })
    .where(eq(orgPositions.id, position.id));
  okrsChanged(deps, position.workspaceId);
  return { id: position.id, name: input.name };
}
