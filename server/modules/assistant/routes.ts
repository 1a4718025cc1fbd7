import { envelope, idParam } from '@contracts/common';
import { askBody, assistantAnswerResource, assistantStatus } from '@contracts/assistant';
import { actorFor } from '../../core/actor';
import { actorOf, workspaceAccessFor } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { pickLanguage } from '../../i18n';
import { modelConfigured } from './model';
import { ask } from './operations/ask';

const tags = ['assistant'];

/** The team assistant (issue 34) under /core: HTTP over its one operation. */
export default async function assistantRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  route.get(
    '/workspaces/:id/assistant',
    {
      summary: 'Whether a model is configured (otherwise the rules answer alone)',
      params: idParam,
      answer: assistantStatus,
    },
    async (actor, request) => {
      await workspaceAccessFor(deps.db, actor, request.params.id, 'view_workspace');
      return { model_configured: modelConfigured(deps.config) };
    },
  );

  app.post(
    '/workspaces/:id/assistant/ask',
    {
      schema: {
        tags,
        summary: 'Ask the team assistant a question in plain words',
        params: idParam,
        body: askBody,
        response: { 200: envelope(assistantAnswerResource) },
      },
    },
    async (request) => {
      const http = actorOf(request);
      // The asker acts, through the assistant's channel: every operation checks them.
      const actor = {
        ...actorFor({ id: http.userId, role: http.role }, 'assistant', http.sessionId),
      };
      const answer = await ask(deps, actor, {
        workspaceId: request.params.id,
        question: request.body.question,
        language: pickLanguage(request.headers),
      });
      return ok({ answer });
    },
  );
}
