import { and, desc, eq } from 'drizzle-orm';
import type { OkrSuggestion } from '@contracts/okrs';
import type { AppDeps } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { keyResults, nameBanks, objectives } from '../../../db/schema';
import type { Language } from '../../../i18n';
import { aiSuggestions } from '../ai';
import { keyResultFromText, rank } from '../suggest';

/** What the okrAI operations use of the app. */
export type SuggestDeps = Pick<AppDeps, 'db' | 'config'>;

export interface SuggestInput {
  text: string;
  /** The language the AI answers in. */
  language: Language;
}

async function pastNames(db: DbOrTx, workspaceId: number, what: 'objective' | 'key_result') {
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

/**
 * okrAI (spec 7.2): suggestions for a new objective or key result from the workspace's name
 * banks (spec 7.19, types objective and key_result), its past OKRs and the text typed, through
 * an OpenAI-compatible endpoint when OKR_AI_URL is set and by rules otherwise. Key results the
 * objective already has are not suggested again.
 */
export async function suggestionsFor(
  deps: SuggestDeps,
  workspaceId: number,
  what: 'objective' | 'key_result',
  input: SuggestInput,
  objective?: { name: string; id: number },
): Promise<OkrSuggestion[]> {
  const { db, config } = deps;
  const { text } = input;
  const names = await pastNames(db, workspaceId, what);
  const own = objective
    ? new Set(
        (
          await db
            .select({ name: keyResults.name })
            .from(keyResults)
            .where(eq(keyResults.objectiveId, objective.id))
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
    language: input.language,
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

/** Whether the AI endpoint is set: without it the suggestions come from the rules alone. */
export const aiConfigured = (deps: Pick<AppDeps, 'config'>) => Boolean(deps.config.OKR_AI_URL);
