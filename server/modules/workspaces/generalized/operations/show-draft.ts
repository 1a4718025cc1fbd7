import type { Actor } from '../../../../core/actor';
import type { WorkspacesDeps } from '../../deps';
import { loadDraft, presentDraft } from '../drafts';

/** One of the actor's drafts. */
export async function showDraft(deps: WorkspacesDeps, actor: Actor, id: number) {
  return presentDraft(await loadDraft(deps.db, actor, id));
}
