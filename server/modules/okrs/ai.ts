import type { AppConfig } from '../../config';
import { chatCompletion } from '../../core/chat-completions';
import { onlyGivenNumbers } from './suggest';

/**
 * okrAI through the shared chat-completions client (server/core/chat-completions.ts):
 * {OKR_AI_URL}/chat/completions, Bearer OKR_AI_KEY, model OKR_AI_MODEL. It asks for names only, as JSON, and drops any name
 * with a number the person did not give. Any failure answers null: the rules answer instead.
 */
export async function aiSuggestions(
  config: Pick<AppConfig, 'OKR_AI_URL' | 'OKR_AI_KEY' | 'OKR_AI_MODEL'>,
  what: 'objective' | 'key_result',
  context: { text: string; objective?: string; examples: string[]; language: string },
): Promise<string[] | null> {
  if (!config.OKR_AI_URL) return null;
  const ask =
    what === 'objective'
      ? 'Suggest up to 5 short, inspiring objectives (OKR) for a team.'
      : 'Suggest up to 5 measurable key results (OKR) for the objective.';
  const user = [
    context.objective ? `Objective: ${context.objective}` : null,
    context.text ? `The person wrote: ${context.text}` : null,
    context.examples.length
      ? `Names this workspace used before: ${context.examples.join('; ')}`
      : null,
    `Answer in the language with code "${context.language}".`,
  ]
    .filter(Boolean)
    .join('\n');
  const answer = await chatCompletion(
    { url: config.OKR_AI_URL, key: config.OKR_AI_KEY, model: config.OKR_AI_MODEL },
    {
      temperature: 0.4,
      messages: [
        {
          role: 'system',
          content: `${ask} Never make up numbers: use only numbers the person wrote, otherwise leave numbers out. Reply with JSON only: {"suggestions": ["...", "..."]}.`,
        },
        { role: 'user', content: user },
      ],
    },
    { timeoutMs: 10_000 },
  );
  if (!answer) return null;
  try {
    const content = answer.content ?? '';
    const json = content.slice(content.indexOf('{'), content.lastIndexOf('}') + 1);
    const parsed = JSON.parse(json) as { suggestions?: unknown };
    if (!Array.isArray(parsed.suggestions)) return null;
    const sourceText = `${context.text} ${context.objective ?? ''}`;
    return parsed.suggestions
      .filter((s): s is string => typeof s === 'string')
      .map((s) => s.trim().slice(0, 200))
      .filter((s) => s.length > 0 && onlyGivenNumbers(sourceText, s))
      .slice(0, 5);
  } catch {
    return null;
  }
}
