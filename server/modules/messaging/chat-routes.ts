import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { emptyResource, envelope } from '@contracts/common';
import {
  chatIdBody,
  chatList,
  chatListQuery,
  chatParams,
  chatResource,
  chatSearchQuery,
  chatSearchResult,
  editGroupBody,
  groupChatBody,
  linkModelBody,
  muteBody,
  readBody,
  typingBody,
  userChatBody,
} from '@contracts/messaging';
import { z } from 'zod';
import { requireAuth } from '../../auth/guard';
import { presentPerson, personColumns } from '../../core/people';
import { chatMembers, chats, users } from '../../db/schema';
import { ok } from '../../http/envelope';
import { conflict, notFound, validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import { addMembers, peopleOfModel, reachablePeople, removeMembers, searchPeople } from './members';
import { chatChanged, chatRoom } from './live';
import {
  activeMemberIds,
  chatDetail,
  listEntries,
  loadMembership,
  requireActive,
  requireAdmin,
} from './store';

const tags = ['messaging'];
const detailReply = { 200: envelope(chatResource) };

/** Chats (spec 7.12) under /messaging/chats. */
export default async function chatRoutes(app: App) {
  const { db, realtime } = app.deps;

  app.get(
    '/chats',
    {
      schema: {
        tags,
        summary: "The caller's chats with unread counts and last message, newest first",
        querystring: chatListQuery,
        response: { 200: envelope(chatList) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { page, per_page: perPage } = request.query;
      const { entries, total } = await listEntries(db, user.id, {
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return ok({ chats: entries, meta: { page, per_page: perPage, total } });
    },
  );

  app.get(
    '/chats/search',
    {
      schema: {
        tags,
        summary: 'Chats and people matching a text; paged until a page is empty',
        querystring: chatSearchQuery,
        response: { 200: envelope(chatSearchResult) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { page, per_page: perPage, q } = request.query;
      const offset = (page - 1) * perPage;
      const [{ entries }, people] = await Promise.all([
        listEntries(db, user.id, { search: q, limit: perPage, offset }),
        searchPeople(db, user.id, q, perPage, offset),
      ]);
      const found = people.length
        ? await db
            .select(personColumns)
            .from(users)
            .where(
              inArray(
                users.id,
                people.map((p) => p.id),
              ),
            )
        : [];
      const byId = new Map(found.map((p) => [p.id, presentPerson(p)]));
      return ok({
        common_workspace_chat: entries,
        people: people.flatMap((p) => byId.get(p.id) ?? []),
      });
    },
  );

  app.get(
    '/chats/task-chats',
    {
      schema: {
        tags,
        summary: "The caller's chats linked to tasks",
        querystring: chatListQuery,
        response: { 200: envelope(chatList) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { page, per_page: perPage } = request.query;
      const { entries, total } = await listEntries(db, user.id, {
        modelType: 'task',
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return ok({ chats: entries, meta: { page, per_page: perPage, total } });
    },
  );

  app.get(
    '/chats/:id',
    { schema: { tags, params: chatParams, response: detailReply } },
    async (request) => {
      const m = await loadMembership(request, db, request.params.id);
      return ok({ chat: await chatDetail(db, m.userId, m.chat.id) });
    },
  );

  app.post(
    '/chats/mute-chat',
    { schema: { tags, body: muteBody, response: detailReply } },
    async (request) => {
      const m = requireActive(await loadMembership(request, db, request.body.chat_id));
      await db
        .update(chatMembers)
        .set({ isMute: request.body.is_mute })
        .where(and(eq(chatMembers.chatId, m.chat.id), eq(chatMembers.userId, m.userId)));
      chatChanged(realtime, [m.userId], m.chat.id);
      return ok(
        { chat: await chatDetail(db, m.userId, m.chat.id) },
        request.body.is_mute ? 'messaging:messages.muted' : 'messaging:messages.unmuted',
      );
    },
  );

  app.post(
    '/chats/group-chat/leave',
    { schema: { tags, body: chatIdBody, response: detailReply } },
    async (request) => {
      const m = requireActive(await loadMembership(request, db, request.body.chat_id));
      if (m.chat.kind === 'user') throw conflict('messaging:messages.cannot_leave_direct');
      await db.transaction(async (tx) => {
        await removeMembers(tx, m.chat.id, [m.userId]);
        // A group keeps someone to manage it: the longest-standing member becomes admin.
        const [admin] = await tx
          .select({ id: chatMembers.userId })
          .from(chatMembers)
          .where(
            and(
              eq(chatMembers.chatId, m.chat.id),
              isNull(chatMembers.leftAt),
              eq(chatMembers.isAdmin, true),
            ),
          )
          .limit(1);
        if (!admin) {
          const [next] = await tx
            .select({ id: chatMembers.userId })
            .from(chatMembers)
            .where(and(eq(chatMembers.chatId, m.chat.id), isNull(chatMembers.leftAt)))
            .orderBy(chatMembers.joinedAt, chatMembers.userId)
            .limit(1);
          if (next) {
            await tx
              .update(chatMembers)
              .set({ isAdmin: true })
              .where(and(eq(chatMembers.chatId, m.chat.id), eq(chatMembers.userId, next.id)));
          }
        }
      });
      realtime.leaveRoom(m.userId, chatRoom(m.chat.id));
      chatChanged(realtime, [m.userId, ...(await activeMemberIds(db, m.chat.id))], m.chat.id);
      return ok({ chat: await chatDetail(db, m.userId, m.chat.id) }, 'messaging:messages.left');
    },
  );

  app.post(
    '/chats/group-chat',
    { schema: { tags, body: groupChatBody, response: { 201: envelope(chatResource) } } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const body = request.body;
      const wanted = body.user_ids.filter((id) => id !== user.id);
      const reachable = await reachablePeople(db, user.id, wanted, body.workspace_id);
      const missing = wanted.filter((id) => !reachable.has(id));
      if (missing.length > 0 || wanted.length === 0) {
        throw validationFailed({ user_ids: 'messaging:messages.members_not_reachable' });
      }
      const chatId = await db.transaction(async (tx) => {
        const [chat] = await tx
          .insert(chats)
          .values({
            kind: 'group',
            name: body.name,
            workspaceId: body.workspace_id ?? null,
            createdBy: user.id,
          })
          .returning();
        await addMembers(tx, chat.id, [user.id, ...wanted], [user.id]);
        return chat.id;
      });
      chatChanged(realtime, [user.id, ...wanted], chatId);
      return reply
        .status(201)
        .send(ok({ chat: await chatDetail(db, user.id, chatId) }, 'messaging:messages.created'));
    },
  );

  app.post(
    '/chats/group-chat/edit',
    { schema: { tags, body: editGroupBody, response: detailReply } },
    async (request) => {
      const body = request.body;
      const m = requireAdmin(await loadMembership(request, db, body.chat_id));
      if (m.chat.kind === 'user') throw conflict('messaging:messages.direct_not_editable');
      const before = await activeMemberIds(db, m.chat.id);
      let after = before;
      if (body.user_ids) {
        const wanted = [...new Set([m.userId, ...body.user_ids])];
        const added = wanted.filter((id) => !before.includes(id));
        const reachable = await reachablePeople(db, m.userId, added);
        if (added.some((id) => !reachable.has(id))) {
          throw validationFailed({ user_ids: 'messaging:messages.members_not_reachable' });
        }
        after = wanted;
      }
      if (body.admin_ids && body.admin_ids.some((id) => !after.includes(id))) {
        throw validationFailed({ admin_ids: 'messaging:messages.admin_not_member' });
      }
      await db.transaction(async (tx) => {
        const changes: Partial<typeof chats.$inferInsert> = { updatedAt: new Date() };
        if (body.name !== undefined) changes.name = body.name;
        if (body.send_message_permission !== undefined) {
          changes.sendMessagePermission = body.send_message_permission;
        }
        await tx.update(chats).set(changes).where(eq(chats.id, m.chat.id));
        if (body.user_ids) {
          await addMembers(
            tx,
            m.chat.id,
            after.filter((id) => !before.includes(id)),
          );
          await removeMembers(
            tx,
            m.chat.id,
            before.filter((id) => !after.includes(id)),
          );
        }
        if (body.admin_ids) {
          // The caller stays an admin: a group is never left without one.
          const admins = new Set([m.userId, ...body.admin_ids]);
          await tx
            .update(chatMembers)
            .set({
              isAdmin: sql`${chatMembers.userId} in (${sql.join(
                [...admins].map((id) => sql`${id}`),
                sql`, `,
              )})`,
            })
            .where(and(eq(chatMembers.chatId, m.chat.id), isNull(chatMembers.leftAt)));
        }
      });
      for (const id of before.filter((id) => !after.includes(id))) {
        realtime.leaveRoom(id, chatRoom(m.chat.id));
      }
      chatChanged(realtime, [...new Set([...before, ...after])], m.chat.id);
      return ok({ chat: await chatDetail(db, m.userId, m.chat.id) }, 'messaging:messages.saved');
    },
  );

  app.post(
    '/chats/user-chat',
    { schema: { tags, body: userChatBody, response: detailReply } },
    async (request) => {
      const { user } = requireAuth(request);
      const other = request.body.user_id;
      if (other === user.id)
        throw validationFailed({ user_id: 'messaging:messages.chat_with_self' });
      const reachable = await reachablePeople(db, user.id, [other]);
      if (!reachable.has(other)) throw notFound('messaging:messages.person_not_found');
      const pairKey = `${Math.min(user.id, other)}:${Math.max(user.id, other)}`;
      // Found again rather than duplicated: the pair key is unique, a race inserts once.
      const chatId = await db.transaction(async (tx) => {
        await tx
          .insert(chats)
          .values({ kind: 'user', pairKey, createdBy: user.id })
          .onConflictDoNothing();
        const [chat] = await tx.select().from(chats).where(eq(chats.pairKey, pairKey));
        await addMembers(tx, chat.id, [user.id, other], [user.id, other]);
        return chat.id;
      });
      chatChanged(realtime, [user.id, other], chatId);
      return ok({ chat: await chatDetail(db, user.id, chatId) });
    },
  );

  app.post(
    '/chats/link-to-model',
    {
      schema: {
        tags,
        summary: "The chat of a task or team (made on first use), with the model's people in it",
        body: linkModelBody,
        response: detailReply,
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { model_type: modelType, model_id: modelId } = request.body;
      const model = await peopleOfModel(db, modelType, modelId);
      // Only the model's own people reach its chat; others learn nothing of it.
      if (!model.people.has(user.id)) throw notFound('messaging:messages.model_not_found');
      const chatId = await db.transaction(async (tx) => {
        await tx
          .insert(chats)
          .values({
            kind: modelType,
            name: model.name,
            workspaceId: model.workspaceId,
            modelType,
            modelId,
            createdBy: user.id,
          })
          .onConflictDoNothing();
        const [chat] = await tx
          .select()
          .from(chats)
          .where(and(eq(chats.modelType, modelType), eq(chats.modelId, modelId)));
        await tx.update(chats).set({ name: model.name }).where(eq(chats.id, chat.id));
        await addMembers(tx, chat.id, model.people, [user.id]);
        return chat.id;
      });
      chatChanged(realtime, [...model.people], chatId);
      return ok({ chat: await chatDetail(db, user.id, chatId) });
    },
  );

  app.post(
    '/chats/unlink-to-model',
    {
      schema: {
        tags,
        summary: 'Unlinks a chat from its task or team; it goes on as a group chat',
        body: chatIdBody,
        response: detailReply,
      },
    },
    async (request) => {
      const m = requireAdmin(await loadMembership(request, db, request.body.chat_id));
      if (!m.chat.modelType) throw conflict('messaging:messages.not_linked');
      await db
        .update(chats)
        .set({ kind: 'group', modelType: null, modelId: null, updatedAt: new Date() })
        .where(eq(chats.id, m.chat.id));
      chatChanged(realtime, await activeMemberIds(db, m.chat.id), m.chat.id);
      return ok({ chat: await chatDetail(db, m.userId, m.chat.id) }, 'messaging:messages.unlinked');
    },
  );

  app.post(
    '/chats/:id/read',
    {
      schema: {
        tags,
        summary: "Moves the caller's last-read pointer forward (never back)",
        params: chatParams,
        body: readBody,
        response: { 200: envelope(z.object({ last_read_message_id: z.number().int() })) },
      },
    },
    async (request) => {
      const m = await loadMembership(request, db, request.params.id);
      const upTo = Math.min(
        request.body.message_id,
        m.member.leftMessageId ?? m.chat.lastMessageId,
      );
      const [row] = await db
        .update(chatMembers)
        .set({ lastReadMessageId: upTo })
        .where(
          and(
            eq(chatMembers.chatId, m.chat.id),
            eq(chatMembers.userId, m.userId),
            sql`${chatMembers.lastReadMessageId} < ${upTo}`,
          ),
        )
        .returning({ id: chatMembers.lastReadMessageId });
      const pointer = row?.id ?? m.member.lastReadMessageId;
      if (row) {
        const payload = { chat_id: m.chat.id, user_id: m.userId, message_id: pointer };
        if (!m.member.leftAt) realtime.toRoom(chatRoom(m.chat.id), 'chat-read', payload);
        // The caller's other tabs and pages (counts, title) follow even outside the room.
        realtime.toUser(m.userId, 'chat-read', payload);
      }
      return ok({ last_read_message_id: pointer });
    },
  );

  app.post(
    '/chats/:id/typing',
    {
      schema: {
        tags,
        summary: 'Tells the other members the caller is typing',
        params: chatParams,
        body: typingBody,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      const m = requireActive(await loadMembership(request, db, request.params.id));
      realtime.toRoom(chatRoom(m.chat.id), 'chat-typing', {
        chat_id: m.chat.id,
        user_id: m.userId,
      });
      return ok({});
    },
  );
}
