import { eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import type { DbOrTx } from '../../../../db/client';
import { boardViews, type BoardViewRow } from '../../../../db/schema';
import { notFound } from '../../../../http/errors';

export const presentBoardView = (row: BoardViewRow) => ({
  id: row.id,
  workspace_id: row.workspaceId,
  name: row.name,
  config: row.config,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** One of the actor's own views, to change; anyone else's is not found. */
export async function ownView(db: DbOrTx, actor: Actor, id: number) {
  const [row] = await db.select().from(boardViews).where(eq(boardViews.id, id));
  const access = row
    ? await workspaceAccessFor(db, actor, row.workspaceId, 'view_workspace', { change: true })
    : null;
  if (!row || !access || row.userId !== access.userId) {
    throw notFound('workspaces:messages.board_view_not_found');
  }
  return row;
}
