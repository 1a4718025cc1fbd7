import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { envelope, idParam } from '@contracts/common';
import { okrAiIdQuery, okrAiQuery, okrSuggestions, type OkrSuggestion } from '@contracts/okrs';
import { keyResults, nameBanks, objectives } from '../../db/schema';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { pickLanguage } from '../../i18n';
import { requireWorkspacePermission } from '../../core/workspace-access';
import { aiSuggestions } from './ai';
import { loadObjective } from './load';
import { keyResultFromText, rank } from './suggest';

const tags = ['okrs'];

/**
 * okrAI (spec 7.2): suggestions for a new objective or key result from the workspace's name
 * banks (spec 7.19, types objective and key_result), its past OKRs and the text typed, through
 * an OpenAI-compatible endpoint when OKR_AI_URL is set and by rules otherwise.
 */
export default async function aiRoutes(app: App) {
  const { db, config } = app.deps;
  const configured = Boolean(config.OKR_AI_URL);

  async function pastNames(workspaceId: number, what: 'objective' | 'key_result') {
    const [banked, past] = await Promise.all([
      db
        .select({ name: nameBanks.name })
        .from(nameBanks)
        .where(and(eq(nameBanks.workspaceId, workspaceId), eq(nameBanks.type, what)))
        .orderBy(nameBanks.name),
      what === 'objective'
        ? db
            .select({ name: objectives.name })
            .from(objectives)
            .where(eq(objectives.workspaceId, workspaceId))
            .orderBy(desc(objectives.createdAt))
            .limit(200)
        : db
            .select({ name: keyResults.name })
            .from(keyResults)
            .where(eq(keyResults.workspaceId, workspaceId))
            .orderBy(desc(keyResults.createdAt))
            .limit(200),
    ]);
    return [
      ...banked.map((b) => ({ name: b.name, source: 'name_bank' as const })),
      ...past.map((p) => ({ name: p.name, source: 'past' as const })),
    ];
  }

  async function suggest(
    request: FastifyRequest,
    workspaceId: number,
    what: 'objective' | 'key_result',
    text: string,
    objective?: { name: string; id: number },
  ) {
    const names = await pastNames(workspaceId, what);
    const own = objective
      ? new Set(
          (
            await db
              .select({ name: keyResults.name })
              .from(keyResults)
              .where(inArray(keyResults.objectiveId, [objective.id]))
          ).map((k) => k.name.toLowerCase()),
        )
      : new Set<string>();
    const basis = [text, objective?.name ?? ''].join(' ').trim();
    const ranked = rank(basis, names).filter((n) => !own.has(n.name.toLowerCase()));
    const suggestions: OkrSuggestion[] = [];
    const fromText = what === 'key_result' && text ? keyResultFromText(text) : null;
    if (fromText) suggestions.push(fromText);
    const ai = await aiSuggestions(config, what, {
      text,
      objective: objective?.name,
      examples: names.slice(0, 20).map((n) => n.name),
      language: pickLanguage(request.headers),
    });
    for (const name of ai ?? []) suggestions.push({ name, source: 'ai' });
    suggestions.push(...ranked);
    const seen = new Set<string>();
    return suggestions
      .filter((s) => {
        const key = s.name.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .slice(0, 10);
  }

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
      async (request) => {
        const access = await requireWorkspacePermission(
          request,
          db,
          request.query.workspace_id,
          'view_workspace',
        );
        const kind = path === 'objective' ? 'objective' : 'key_result';
        const suggestions = await suggest(
          request,
          access.workspace.id,
          kind,
          request.query.text ?? '',
        );
        return ok({ suggestions, ai_configured: configured });
      },
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
    async (request) => {
      const ctx = await loadObjective(request, db, request.params.id);
      const suggestions = await suggest(
        request,
        ctx.objective.workspaceId,
        'key_result',
        request.query.text ?? '',
        { id: ctx.objective.id, name: ctx.objective.name },
      );
      return ok({ suggestions, ai_configured: configured });
    },
  );
}
