import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { aiConfigured, suggestionsFor, type SuggestDeps, type SuggestInput } from './suggestions';

/** okrAI: objectives or key results to suggest for a workspace, from its past and the text. */
export async function suggestOkrs(
  deps: SuggestDeps,
  actor: Actor,
  input: { workspaceId: number; what: 'objective' | 'key_result' } & SuggestInput,
) {
  const access = await workspaceAccessFor(deps.db, actor, input.workspaceId, 'view_workspace');
  const suggestions = await suggestionsFor(deps, access.workspace.id, input.what, input);
  return { suggestions, ai_configured: aiConfigured(deps) };
}
