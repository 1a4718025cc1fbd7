import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { workspaceDrafts } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { presentDraft } from '../drafts';

/** The actor's unfinished generalized workspaces, latest first. */
export async function listDrafts(deps: WorkspacesDeps, actor: Actor) {
  const rows = await deps.db
    .select()
    .from(workspaceDrafts)
    .where(and(eq(workspaceDrafts.userId, actor.userId), isNull(workspaceDrafts.completedAt)))
    .orderBy(desc(workspaceDrafts.updatedAt));
  return { drafts: rows.map(presentDraft) };
}
