import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ChatDetail, ChatEntry, ChatMessage } from '@contracts/messaging';
import { sessionIsOpen } from '../../auth/access-token';
import type { Actor } from '../../core/actor';
import { personColumns, presentPerson, displayName, type PersonJson } from '../../core/people';
import { queryRows, type DbOrTx } from '../../db/client';
import {
  chatMembers,
  chatMessageFiles,
  chatMessageReactions,
  chatMessages,
  chats,
  users,
  workspaces,
  type ChatMemberRow,
  type ChatRow,
} from '../../db/schema';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import { stillInChat } from './members';

export const NO_LIMIT = 2_147_483_647;

export interface Membership {
  chat: ChatRow;
  member: ChatMemberRow;
  userId: number;
  /** Whether the chat's workspace is archived (read-only); false for a chat of no workspace. */
  archived: boolean;
}

/**
 * The gate of every chat operation: people who never were in the chat get 404 (its id reveals
 * nothing); a member who left may still read what was said until they left. An actor from a
 * socket has its session checked in the same query (a socket outlives its handshake).
 */
export async function membershipOf(db: DbOrTx, actor: Actor, chatId: number): Promise<Membership> {
  const socketSession = actor.via === 'socket' ? actor.sessionId : undefined;
  const [row] = await db
    .select({
      chat: chats,
      member: chatMembers,
      archived: sql<boolean>`coalesce(${workspaces.status} = 'archived', false)`,
      sessionOpen: socketSession ? sessionIsOpen(socketSession, actor.userId) : sql<boolean>`true`,
    })
    .from(chats)
    .innerJoin(
      chatMembers,
      and(eq(chatMembers.chatId, chats.id), eq(chatMembers.userId, actor.userId)),
    )
    .leftJoin(workspaces, eq(workspaces.id, chats.workspaceId))
    .where(eq(chats.id, chatId));
  if (socketSession && !row?.sessionOpen) {
    const [session] = await queryRows<{ open: boolean }>(
      db,
      sql`select ${sessionIsOpen(socketSession, actor.userId)} as open`,
    );
    if (!session.open) throw unauthorized();
  }
  if (!row) throw notFound('messaging:messages.chat_not_found');
  return { chat: row.chat, member: row.member, archived: row.archived, userId: actor.userId };
}

/**
 * What requireSend checks (and, for a socket, that its session is open) as one SQL condition:
 * a plain message is stored in one statement guarded by it.
 */
export function maySend(actor: Actor, chatId: number): SQL<boolean> {
  const session = actor.sessionId
    ? sessionIsOpen(actor.sessionId, actor.userId)
    : sql<boolean>`true`;
  return sql<boolean>`exists (select 1 from ${chats} join ${chatMembers}
      on ${chatMembers.chatId} = ${chats.id} and ${chatMembers.userId} = ${actor.userId}
      left join ${workspaces} on ${workspaces.id} = ${chats.workspaceId}
    where ${chats.id} = ${chatId} and ${chatMembers.leftAt} is null
      and (${chats.sendMessagePermission} or ${chatMembers.isAdmin})
      and ${workspaces.status} is distinct from 'archived')
    and ${session}`;
}

/** Members still in the chat may act in it; a member who left is refused with why. */
export function requireActive(m: Membership): Membership {
  if (m.member.leftAt) throw forbidden('messaging:messages.left_chat');
  return m;
}

/** A chat of an archived workspace is read-only until the workspace is restored (409). */
export function requireWritable(m: Membership): Membership {
  if (m.archived) throw conflict('workspaces:messages.archived_read_only');
  return m;
}

export function requireSend(m: Membership): Membership {
  requireActive(m);
  requireWritable(m);
  if (!m.chat.sendMessagePermission && !m.member.isAdmin) {
    throw forbidden('messaging:messages.send_not_allowed');
  }
  return m;
}

export function requireAdmin(m: Membership): Membership {
  requireActive(m);
  if (!m.member.isAdmin) throw forbidden('messaging:messages.not_chat_admin');
  return m;
}

/** The messages a member may see end where they left. */
export const visibleUpTo = (member: Pick<ChatMemberRow, 'leftMessageId'>) =>
  member.leftMessageId ?? NO_LIMIT;

interface EntryRow {
  id: number;
  kind: ChatEntry['kind'];
  name: string | null;
  workspace_id: number | null;
  model_type: ChatEntry['model_type'];
  model_id: number | null;
  send_message_permission: boolean;
  is_admin: boolean;
  is_mute: boolean;
  last_read_message_id: number;
  left_at: string | Date | null;
  count_new: number;
  is_tagged: boolean;
  last_text: string | null;
  last_deleted: boolean | null;
  last_files: string[] | null;
  last_at: string | Date | null;
  owner: PersonJson | null;
  peer: PersonJson | null;
  total: number;
}

const iso = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

/** One SQL statement for a page of a person's chats with their unread counts (spec 3). */
export async function listEntries(
  db: DbOrTx,
  userId: number,
  options: {
    chatIds?: number[];
    search?: string;
    modelType?: 'task' | 'team';
    limit?: number;
    offset?: number;
  } = {},
): Promise<{ entries: ChatEntry[]; total: number }> {
  const filters = [sql`m.user_id = ${userId}`];
  if (options.chatIds) {
    if (options.chatIds.length === 0) return { entries: [], total: 0 };
    filters.push(
      sql`c.id in (${sql.join(
        options.chatIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (options.modelType) filters.push(sql`c.model_type = ${options.modelType}`);
  if (options.search) {
    const like = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(sql`(c.name ilike ${like} or exists (
      select 1 from chat_members pm join users pu on pu.id = pm.user_id
      where pm.chat_id = c.id and pm.user_id <> ${userId}
        and (pu.first_name || ' ' || pu.last_name ilike ${like} or pu.email ilike ${like})))`);
  }
  const person = (alias: string) =>
    sql.raw(`json_build_object('id', ${alias}.id,
    'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name, 'email', ${alias}.email,
    'avatarUrl', ${alias}.avatar_url, 'deletedAt', ${alias}.deleted_at,
    'deactivatedAt', ${alias}.deactivated_at)`);
  const rows = await queryRows<EntryRow>(
    db,
    sql`
    select c.id, c.kind, c.name, c.workspace_id, c.model_type, c.model_id,
      c.send_message_permission, m.is_admin, m.is_mute, m.last_read_message_id, m.left_at,
      (select count(*) from chat_messages x
        where x.chat_id = c.id and x.id > m.last_read_message_id
          and x.id <= coalesce(m.left_message_id, ${NO_LIMIT}) and x.deleted_at is null
          and x.user_id is distinct from m.user_id)::int as count_new,
      exists (select 1 from chat_messages x
        where x.chat_id = c.id and x.id > m.last_read_message_id
          and x.id <= coalesce(m.left_message_id, ${NO_LIMIT}) and x.deleted_at is null
          and x.mentions @> jsonb_build_array(m.user_id)) as is_tagged,
      lm.text as last_text, (lm.deleted_at is not null) as last_deleted,
      (select json_agg(f.name order by f.id) from chat_message_files f
        where f.message_id = lm.id and lm.deleted_at is null) as last_files,
      lm.created_at as last_at,
      case when ou.id is null then null else ${person('ou')} end as owner,
      case when pu.id is null then null else ${person('pu')} end as peer,
      count(*) over ()::int as total
    from chat_members m
    join chats c on c.id = m.chat_id
    left join lateral (
      select x.* from chat_messages x
      where x.chat_id = c.id and x.id <= coalesce(m.left_message_id, ${NO_LIMIT})
      order by x.id desc limit 1
    ) lm on true
    left join users ou on ou.id = lm.user_id
    left join lateral (
      select u.* from chat_members pm join users u on u.id = pm.user_id
      where c.kind = 'user' and pm.chat_id = c.id and pm.user_id <> m.user_id limit 1
    ) pu on true
    where ${sql.join(filters, sql` and `)}
    order by (m.left_at is not null), coalesce(lm.id, 0) desc, c.id desc
    limit ${options.limit ?? NO_LIMIT} offset ${options.offset ?? 0}`,
  );
  const entries = rows.map((row): ChatEntry => {
    const peer = row.peer ? presentPerson(row.peer) : null;
    return {
      id: row.id,
      chat: row.id,
      kind: row.kind,
      name: row.kind === 'user' ? (peer?.name ?? '') : (row.name ?? ''),
      workspace_id: row.workspace_id,
      model_type: row.model_type,
      model_id: row.model_id,
      count_new_messages: row.count_new,
      is_tagged: row.is_tagged,
      text: row.last_at === null ? null : row.last_deleted ? '' : row.last_text,
      is_deleted: row.last_deleted === true,
      file_names: row.last_files ?? [],
      owner_name: row.owner ? presentPerson(row.owner).name : null,
      send_at: iso(row.last_at),
      is_mute: row.is_mute,
      leave_at: iso(row.left_at),
      send_message_permission: row.send_message_permission,
      is_admin: row.is_admin,
      last_read_message_id: row.last_read_message_id,
      peer,
    };
  });
  return { entries, total: rows[0]?.total ?? 0 };
}

export async function chatDetail(db: DbOrTx, userId: number, chatId: number): Promise<ChatDetail> {
  const { entries } = await listEntries(db, userId, { chatIds: [chatId] });
  const members = await db
    .select({ ...personColumns, isAdmin: chatMembers.isAdmin, leftAt: chatMembers.leftAt })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(eq(chatMembers.chatId, chatId))
    .orderBy(users.firstName, users.lastName, users.id);
  if (!entries[0]) throw notFound('messaging:messages.chat_not_found');
  return {
    ...entries[0],
    members: members.map((m) => ({
      ...presentPerson(m),
      is_admin: m.isAdmin,
      left: m.leftAt !== null,
    })),
  };
}

/** Unread messages of every chat a person has not muted (core/menu new_messages_count). */
export async function unreadTotal(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from chat_members m
      join chat_messages x on x.chat_id = m.chat_id
      where m.user_id = ${userId} and not m.is_mute
        and x.id > m.last_read_message_id
        and x.id <= coalesce(m.left_message_id, ${NO_LIMIT})
        and x.deleted_at is null and x.user_id is distinct from m.user_id`,
  );
  return row?.n ?? 0;
}

/** Messages as the client shows them, with files, reactions and reply counts. */
export async function presentMessages(
  db: DbOrTx,
  viewerId: number,
  ids: number[],
): Promise<ChatMessage[]> {
  if (ids.length === 0) return [];
  const [rows, files, reactions, replies] = await Promise.all([
    db
      .select({ message: chatMessages, owner: personColumns })
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.userId))
      .where(inArray(chatMessages.id, ids)),
    db.select().from(chatMessageFiles).where(inArray(chatMessageFiles.messageId, ids)),
    db.select().from(chatMessageReactions).where(inArray(chatMessageReactions.messageId, ids)),
    db
      .select({ parentId: chatMessages.parentId, n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(and(inArray(chatMessages.parentId, ids), isNull(chatMessages.deletedAt)))
      .groupBy(chatMessages.parentId),
  ]);
  const byId = new Map(rows.map((r) => [r.message.id, r]));
  return ids.flatMap((id): ChatMessage[] => {
    const row = byId.get(id);
    if (!row) return [];
    const { message } = row;
    const deleted = message.deletedAt !== null;
    const owner = row.owner?.id ? presentPerson(row.owner) : null;
    const mine = new Map<string, { count: number; mine: boolean }>();
    for (const r of reactions) {
      if (r.messageId !== id) continue;
      const entry = mine.get(r.emoji) ?? { count: 0, mine: false };
      entry.count += 1;
      entry.mine ||= r.userId === viewerId;
      mine.set(r.emoji, entry);
    }
    return [
      {
        id,
        chat_id: message.chatId,
        parent_id: message.parentId,
        owner,
        owner_name: owner ? owner.name : '',
        text: deleted ? '' : message.text,
        is_deleted: deleted,
        is_edited: message.editedAt !== null,
        mentions: deleted ? [] : message.mentions,
        link_preview: deleted ? null : (message.linkPreview ?? null),
        files: deleted
          ? []
          : files
              .filter((f) => f.messageId === id)
              .map((f) => ({
                id: f.id,
                name: f.name,
                mime_type: f.mimeType,
                size: f.size,
                url: `/api/v2/messaging/messages/${id}/files/${f.id}`,
              })),
        reactions: deleted
          ? []
          : [...mine].map(([emoji, r]) => ({ emoji, count: r.count, mine: r.mine })),
        reply_count: replies.find((r) => r.parentId === id)?.n ?? 0,
        send_at: message.createdAt.toISOString(),
      },
    ];
  });
}

/** The active members of a chat (for mentions, rooms and notices). */
export async function activeMemberIds(db: DbOrTx, chatId: number): Promise<number[]> {
  const rows = await db
    .select({ id: chatMembers.userId })
    .from(chatMembers)
    .where(stillInChat(chatId));
  return rows.map((r) => r.id);
}

export { displayName };
