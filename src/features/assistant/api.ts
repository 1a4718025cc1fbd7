import type { AssistantAnswer } from '@contracts/assistant';
import { assistantEndpoints } from '@contracts/endpoints/assistant';
import { api } from '@/lib/http';

export type { AnswerItem, AssistantAnswer } from '@contracts/assistant';
export { ASSISTANT_QUESTION_MAX } from '@contracts/assistant';

export const assistantKeys = {
  status: (workspaceId: number) => ['assistant', 'status', workspaceId] as const,
};

export const assistantApi = {
  status: (workspaceId: number) =>
    api.call(assistantEndpoints.status, { params: { id: workspaceId } }),
  /** The server's refusals (bad input) are shown in the panel, not as toasts. */
  ask: (workspaceId: number, question: string): Promise<AssistantAnswer> =>
    api
      .call(
        assistantEndpoints.ask,
        { params: { id: workspaceId }, body: { question } },
        { hideMessages: true },
      )
      .then((r) => r.answer),
};
