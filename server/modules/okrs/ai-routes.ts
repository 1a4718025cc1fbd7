import { envelope, idParam } from '@contracts/common';
import { okrAiIdQuery, okrAiQuery, okrSuggestions } from '@contracts/okrs';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { pickLanguage } from '../../i18n';
import { actorOf } from '../../core/workspace-access';
import { suggestKeyResults } from './operations/suggest-key-results';
import { suggestOkrs } from './operations/suggest-okrs';

const tags = ['okrs'];

/** okrAI (spec 7.2): HTTP over the suggestion operations. */
export default async function aiRoutes(app: App) {
  const { deps } = app;

  const schema = (summary: string) => ({
    tags,
    summary,
    response: { 200: envelope(okrSuggestions) },
  });

  const suggestionRoutes = [
    ['objective', 'objectives to suggest, from name banks, past objectives and the text'],
    ['key-result', 'key results to suggest, from name banks, past key results and the text'],
  ] as const;
  for (const [path, what] of suggestionRoutes) {
    app.get(
      `/workspaces/okrAI/${path}`,
      { schema: { ...schema(`okrAI: ${what}`), querystring: okrAiQuery } },
      async (request) =>
        ok(
          await suggestOkrs(deps, actorOf(request), {
            workspaceId: request.query.workspace_id,
            what: path === 'objective' ? 'objective' : 'key_result',
            text: request.query.text ?? '',
            language: pickLanguage(request.headers),
          }),
        ),
    );
  }

  app.get(
    '/workspaces/okrAI/:id',
    {
      schema: {
        ...schema('okrAI: key results to suggest for an objective, from its name and the text'),
        params: idParam,
        querystring: okrAiIdQuery,
      },
    },
    async (request) =>
      ok(
        await suggestKeyResults(deps, actorOf(request), {
          objectiveId: request.params.id,
          text: request.query.text ?? '',
          language: pickLanguage(request.headers),
        }),
      ),
  );
}
