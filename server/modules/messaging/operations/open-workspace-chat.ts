import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { can } from '../../../auth/permissions';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { chats, users, workspaceMembers } from '../../../db/schema';
import { chatChanged } from '../live';
import { chatDetail } from '../store';
import type { MessagingDeps } from './deps';
import { upsertChat } from './open-chat';
import { accountInUse } from '../../../core/people';

/**
 * The workspace's active-user chat (spec 7.2 `active-user-chat`): one chat per workspace with
 * every active member in it, made on first use and brought up to date on each call.
 */
export async function openWorkspaceChat(deps: MessagingDeps, actor: Actor, workspaceId: number) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, workspaceId, 'view_workspace', {
    change: true,
  });
  const { workspace } = access;
  const people = await db
    .select({ id: workspaceMembers.userId })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspace.id), accountInUse()));
  const ids = people.map((p) => p.id);
  if (!ids.includes(access.userId)) ids.push(access.userId);
  const chatId = await upsertChat(
    db,
    { kind: 'workspace', name: workspace.name, workspaceId: workspace.id, createdBy: actor.userId },
    and(eq(chats.kind, 'workspace'), eq(chats.workspaceId, workspace.id)),
    { ids, admins: can(access, 'manage_members') ? [access.userId] : [] },
  );
  chatChanged(deps.realtime, ids, chatId);
  return { chat: await chatDetail(db, access.userId, chatId) };
}
