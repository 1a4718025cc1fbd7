import { workspaceOperation } from '../../../core/workspace-access';
import { aiConfigured, suggestionsFor, type SuggestDeps, type SuggestInput } from './suggestions';

/** okrAI: objectives or key results to suggest for a workspace, from its past and the text. */
export const suggestOkrs = workspaceOperation(
  'view_workspace',
  async (
    deps: SuggestDeps,
    access,
    input: { workspaceId: number; what: 'objective' | 'key_result' } & SuggestInput,
  ) => {
    const suggestions = await suggestionsFor(deps, access.workspace.id, input.what, input);
    return { suggestions, ai_configured: aiConfigured(deps) };
  },
);
