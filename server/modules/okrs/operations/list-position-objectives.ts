import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { objectives, orgPositions } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { accessIn, viewerOf } from '../load';
import { presentObjectives } from '../present';
import type { OkrsDeps } from './deps';

/** The objectives placed at a position. */
export async function listPositionObjectives(deps: Pick<OkrsDeps, 'db'>, actor: Actor, id: number) {
  const { db } = deps;
  const [position] = await db.select().from(orgPositions).where(eq(orgPositions.id, id));
  if (!position) throw notFound('okrs:messages.position_not_found');
  const access = await accessIn(
    db,
    actor,
    position.workspaceId,
    false,
    'okrs:messages.position_not_found',
  );
  const rows = await db
    .select()
    .from(objectives)
    .where(
      and(
        eq(objectives.orgPositionId, position.id),
        inArray(objectives.status, ['open', 'closed', 'archived']),
      ),
    )
    .orderBy(asc(objectives.name), asc(objectives.id));
  return presentObjectives(db, rows, viewerOf(access));
}
