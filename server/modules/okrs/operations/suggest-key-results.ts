import type { Actor } from '../../../core/actor';
import { loadObjective } from '../load';
import { aiConfigured, suggestionsFor, type SuggestDeps, type SuggestInput } from './suggestions';

/** okrAI: key results to suggest for an objective, from its name and the text. */
export async function suggestKeyResults(
  deps: SuggestDeps,
  actor: Actor,
  input: { objectiveId: number } & SuggestInput,
) {
  const ctx = await loadObjective(deps.db, actor, input.objectiveId);
  const suggestions = await suggestionsFor(deps, ctx.objective.workspaceId, 'key_result', input, {
    id: ctx.objective.id,
    name: ctx.objective.name,
  });
  return { suggestions, ai_configured: aiConfigured(deps) };
}
