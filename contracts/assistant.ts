import { z } from 'zod';

/** The longest question the assistant takes (characters, after trimming). */
export const ASSISTANT_QUESTION_MAX = 500;

/** What the assistant can answer: the rules and the model pick one of these, nothing else. */
export const ASSISTANT_INTENTS = [
  'not_submitted',
  'due_this_week',
  'team_balance',
  'team_candidates',
  'assessment_summary',
  'help',
] as const;
export type AssistantIntent = (typeof ASSISTANT_INTENTS)[number];

export const askBody = z
  .object({ question: z.string().trim().min(1).max(ASSISTANT_QUESTION_MAX) })
  .strict();

/** One line of an answer: a person, a task, a team or a figure, with a link to its record. */
export const answerItem = z.object({
  label: z.string(),
  detail: z.string().nullable(),
  href: z.string().nullable(),
});
export type AnswerItem = z.infer<typeof answerItem>;

export const assistantAnswer = z.object({
  intent: z.enum(ASSISTANT_INTENTS),
  /** Who picked the intent: the rules, or the configured model. */
  source: z.enum(['rules', 'model']),
  /** Whether a model is configured; without one the rules answer alone. */
  model_configured: z.boolean(),
  /** The asker may not see what was asked about: the text says so and nothing else is shown. */
  refused: z.boolean(),
  text: z.string(),
  items: z.array(answerItem),
  /** The record the answer is about (a task's report, an assessment's report, the teams page). */
  link: z.object({ label: z.string(), href: z.string() }).nullable(),
});
export type AssistantAnswer = z.infer<typeof assistantAnswer>;

export const assistantAnswerResource = z.object({ answer: assistantAnswer });
export const assistantStatus = z.object({ model_configured: z.boolean() });
