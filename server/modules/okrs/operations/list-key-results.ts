import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { objectives } from '../../../db/schema';
import { viewerOf } from '../load';
import { presentObjectives } from '../present';
import type { OkrsDeps } from './deps';

/** Every key result of the workspace's open and closed objectives. */
export async function listKeyResults(
  deps: Pick<OkrsDeps, 'db'>,
  actor: Actor,
  input: { workspaceId: number },
) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, input.workspaceId, 'view_workspace');
  const rows = await db
    .select()
    .from(objectives)
    .where(
      and(
        eq(objectives.workspaceId, access.workspace.id),
        inArray(objectives.status, ['open', 'closed']),
      ),
    )
    .orderBy(asc(objectives.name), asc(objectives.id));
  const presented = await presentObjectives(db, rows, viewerOf(access));
  return presented.flatMap((o) => o.key_results);
}
