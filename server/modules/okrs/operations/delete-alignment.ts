import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { objectiveAlignments } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { manageOkrsIn } from '../load';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';

/** Removes one alignment (managers of its workspace only). */
export async function deleteAlignment(deps: OkrsDeps, actor: Actor, id: number) {
  const [row] = await deps.db
    .select()
    .from(objectiveAlignments)
    .where(eq(objectiveAlignments.id, id));
  if (!row) throw notFound('okrs:messages.alignment_not_found');
  await manageOkrsIn(deps.db, actor, row.workspaceId, 'okrs:messages.alignment_not_found');
  await deps.db.delete(objectiveAlignments).where(eq(objectiveAlignments.id, row.id));
  okrsChanged(deps, row.workspaceId);
}
