import { eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { workspaceDrafts } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { loadDraft } from '../drafts';

/** Deletes one of the actor's drafts. */
export async function deleteDraft(deps: WorkspacesDeps, actor: Actor, id: number) {
  const draft = await loadDraft(deps.db, actor, id);
  await deps.db.delete(workspaceDrafts).where(eq(workspaceDrafts.id, draft.id));
}
