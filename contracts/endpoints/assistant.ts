import { endpoint } from '../endpoint';
import type { askBody, assistantAnswerResource, assistantStatus } from '../assistant';

/** The team assistant (issue 34), under /api/v2/core. */
export const assistantEndpoints = {
  status: endpoint('GET', 'core/workspaces/:id/assistant').of<{
    response: typeof assistantStatus;
  }>(),
  ask: endpoint('POST', 'core/workspaces/:id/assistant/ask').of<{
    body: typeof askBody;
    response: typeof assistantAnswerResource;
  }>(),
};
