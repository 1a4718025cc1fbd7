import { and, eq, isNull } from 'drizzle-orm';
import { envelope, idParam } from '@contracts/common';
import { activeChatResource } from '@contracts/messaging';
import { requireWorkspaceChange } from '../../core/workspace-access';
import { can } from '../../auth/permissions';
import { chats, users, workspaceMembers } from '../../db/schema';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { addMembers } from './members';
import { chatChanged } from './live';
import { chatDetail } from './store';

/**
 * The workspace's active-user chat (spec 7.2 `active-user-chat`): one chat per workspace with
 * every active member in it, made on first use and brought up to date on each call.
 */
export default async function coreChatRoutes(app: App) {
  const { db, realtime } = app.deps;

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
    async (request) => {
      const access = await requireWorkspaceChange(request, db, request.params.id, 'view_workspace');
      const workspace = access.workspace;
      const people = await db
        .select({ id: workspaceMembers.userId })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(
          and(
            eq(workspaceMembers.workspaceId, workspace.id),
            isNull(users.deletedAt),
            isNull(users.deactivatedAt),
          ),
        );
      const ids = people.map((p) => p.id);
      if (!ids.includes(access.userId)) ids.push(access.userId);
      const managers = can(access, 'manage_members') ? [access.userId] : [];
      const chatId = await db.transaction(async (tx) => {
        await tx
          .insert(chats)
          .values({
            kind: 'workspace',
            name: workspace.name,
            workspaceId: workspace.id,
            createdBy: access.userId,
          })
          .onConflictDoNothing();
        const [chat] = await tx
          .select()
          .from(chats)
          .where(and(eq(chats.kind, 'workspace'), eq(chats.workspaceId, workspace.id)));
        await tx.update(chats).set({ name: workspace.name }).where(eq(chats.id, chat.id));
        await addMembers(tx, chat.id, ids, managers);
        return chat.id;
      });
      chatChanged(realtime, ids, chatId);
      return ok({ chat: await chatDetail(db, access.userId, chatId) });
    },
  );
}
