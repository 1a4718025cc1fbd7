import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { orgPositions } from '../../../db/schema';
import { conflict, validationFailed } from '../../../http/errors';
import { isUnder, loadPositions, positionFor } from '../org-chart';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';

/**
 * Moves a position under another node of the same chart, or to the top when `node` is null.
 * A move under itself or one of its own descendants is refused (409).
 */
export async function moveOrgPosition(
  deps: OkrsDeps,
  actor: Actor,
  input: { id: number; node: number | null },
) {
  const { position } = await positionFor(deps.db, actor, input.id);
  let parentId: number | null = null;
  if (input.node !== null) {
    const positions = await loadPositions(deps.db, position.workspaceId);
    const target = positions.find((p) => p.id === input.node);
    if (!target) throw validationFailed({ node: 'okrs:messages.position_unknown' });
    if (isUnder(positions, target.id, position.id)) {
      throw conflict('okrs:messages.position_cycle');
    }
    parentId = target.id;
  }
  await deps.db.update(orgPositions).set({ parentId }).where(eq(orgPositions.id, position.id));
  okrsChanged(deps, position.workspaceId);
  return { id: position.id, name: position.name };
}
