import { z } from 'zod';
import { ASSISTANT_INTENTS, type AssistantIntent } from '@contracts/assistant';
import type { AppConfig } from '../../config';
import { chatCompletion, type ChatTool } from '../../core/chat-completions';
import type { Intent } from './intents';

type ModelConfig = Pick<
  AppConfig,
  'ASSISTANT_AI_URL' | 'ASSISTANT_AI_KEY' | 'ASSISTANT_AI_MODEL' | 'ASSISTANT_AI_TIMEOUT_MS'
>;

export const modelConfigured = (config: Pick<AppConfig, 'ASSISTANT_AI_URL'>) =>
  Boolean(config.ASSISTANT_AI_URL);

const name = (description: string) => ({ type: 'string', description, maxLength: 200 });
const noArguments = { type: 'object', properties: {}, additionalProperties: false };

/** The tools are the intents: the model only picks one and its arguments. */
const TOOLS: Record<Exclude<AssistantIntent, 'help'>, ChatTool['function']> = {
  not_submitted: {
    name: 'not_submitted',
    description: 'List the people who have not handed in their work for a task of this workspace.',
    parameters: {
      type: 'object',
      properties: { task: name('The task name as the person wrote it') },
      required: ['task'],
      additionalProperties: false,
    },
  },
  due_this_week: {
    name: 'due_this_week',
    description:
      'List the open tasks of this workspace due in the next seven days, and overdue ones.',
    parameters: noArguments,
  },
  team_balance: {
    name: 'team_balance',
    description:
      'Tell how balanced the current teams are (personality mix, shared free hours, skills).',
    parameters: noArguments,
  },
  team_candidates: {
    name: 'team_candidates',
    description: 'Suggest members who would bring a team nearer balance if they joined it.',
    parameters: {
      type: 'object',
      properties: { team: name('The team name or number as the person wrote it') },
      required: ['team'],
      additionalProperties: false,
    },
  },
  assessment_summary: {
    name: 'assessment_summary',
    description: 'Summarise an assessment (360 or team assessment) of this workspace.',
    parameters: {
      type: 'object',
      properties: { assessment: name('The assessment name; empty for the latest one') },
      additionalProperties: false,
    },
  },
};

const argumentsSchema = z
  .object({
    task: z.string().max(200).optional(),
    team: z.string().max(200).optional(),
    assessment: z.string().max(200).optional(),
  })
  .passthrough();

/**
 * Asks the configured model which intent a question is, through tool calling: the tools are
 * the intents, so the answer always comes from the operations. Null when there is no model,
 * it took longer than the limit, it failed, or it called no known tool: the rules answer then.
 */
export async function intentFromModel(
  config: ModelConfig,
  question: string,
  context: { language: string; workspaceName: string },
): Promise<Intent | null> {
  if (!modelConfigured(config)) return null;
  const answer = await chatCompletion(
    {
      url: config.ASSISTANT_AI_URL,
      key: config.ASSISTANT_AI_KEY,
      model: config.ASSISTANT_AI_MODEL,
    },
    {
      temperature: 0,
      tool_choice: 'auto',
      tools: Object.values(TOOLS).map((fn) => ({ type: 'function', function: fn })),
      messages: [
        {
          role: 'system',
          content: `You route questions about the workspace "${context.workspaceName}" to one tool. Call exactly one tool with the names as the person wrote them; never answer yourself. The person writes in the language with code "${context.language}".`,
        },
        { role: 'user', content: question },
      ],
    },
    { timeoutMs: config.ASSISTANT_AI_TIMEOUT_MS },
  );
  const call = answer?.tool_calls.find((c) =>
    (ASSISTANT_INTENTS as readonly string[]).includes(c.function.name),
  );
  if (!call || call.function.name === 'help') return null;
  let args: z.output<typeof argumentsSchema>;
  try {
    args = argumentsSchema.parse(JSON.parse(call.function.arguments || '{}'));
  } catch {
    return null;
  }
  return {
    intent: call.function.name as AssistantIntent,
    subject: (args.task ?? args.team ?? args.assessment ?? '').trim(),
  };
}
