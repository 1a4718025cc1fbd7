import { envelope, idParam } from '@contracts/common';
import { activeChatResource } from '@contracts/messaging';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { openWorkspaceChat } from './operations/open-workspace-chat';

/** The workspace's active-user chat (spec 7.2 `active-user-chat`), under /core. */
export default async function coreChatRoutes(app: App) {
  app.post(
    '/workspaces/:id/active-user-chat',
    {
      schema: {
        tags: ['messaging'],
        summary: "The workspace's chat of all its active members (made on first use)",
        params: idParam,
        response: { 200: envelope(activeChatResource) },
      },
    },
    async (request) => ok(await openWorkspaceChat(app.deps, actorOf(request), request.params.id)),
  );
}
