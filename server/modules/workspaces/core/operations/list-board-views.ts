import { and, asc, eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { boardViews } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { presentBoardView } from './board-views';

/** The actor's own saved board views in a workspace. */
export async function listBoardViews(deps: WorkspacesDeps, actor: Actor, workspaceId: number) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, workspaceId, 'view_workspace');
  const rows = await db
    .select()
    .from(boardViews)
    .where(
      and(eq(boardViews.workspaceId, access.workspace.id), eq(boardViews.userId, access.userId)),
    )
    .orderBy(asc(boardViews.id));
  return { board_views: rows.map(presentBoardView) };
}
