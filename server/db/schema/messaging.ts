import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { CHAT_KINDS, CHAT_MODEL_TYPES } from '../../../contracts/messaging';
import { personId, users } from './users';
import { workspaces } from './workspaces';
import {
  createdAt,
  jsonList,
  optionalParentRef,
  parentRef,
  serialId,
  timestampNow,
  timestampTz,
  timestamps,
  weakRef,
} from './columns';

/**
 * Chats (spec 3 "Chat entry", 7.12): one-to-one (`user`, one per pair: `pair_key` is
 * "<lower id>:<higher id>"), group, linked to a task or team (`model_type`, `model_id`), or a
 * workspace's active-user chat (one per workspace).
 */
export const chats = pgTable(
  'chats',
  {
    id: serialId(),
    kind: text('kind', { enum: CHAT_KINDS }).notNull(),
    name: text('name'),
    workspaceId: optionalParentRef('workspace_id', () => workspaces.id),
    pairKey: text('pair_key'),
    modelType: text('model_type', { enum: CHAT_MODEL_TYPES }),
    modelId: integer('model_id'),
    sendMessagePermission: boolean('send_message_permission').notNull().default(true),
    createdBy: weakRef('created_by', () => users.id),
    /** The newest message's id, kept with each send so lists sort without a scan. */
    lastMessageId: integer('last_message_id').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('chats_pair_unique')
      .on(t.pairKey)
      .where(sql`${t.pairKey} is not null`),
    uniqueIndex('chats_model_unique')
      .on(t.modelType, t.modelId)
      .where(sql`${t.modelType} is not null`),
    uniqueIndex('chats_workspace_active_unique')
      .on(t.workspaceId)
      .where(sql`${t.kind} = 'workspace'`),
  ],
);
export type ChatRow = typeof chats.$inferSelect;

/**
 * A member of a chat with their read state: `last_read_message_id` is the last-read pointer,
 * unread counts derive from it. A member who left keeps the history up to `left_message_id`.
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: parentRef('chat_id', () => chats.id),
    userId: personId('user_id'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isMute: boolean('is_mute').notNull().default(false),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    leftAt: timestampTz('left_at'),
    leftMessageId: integer('left_message_id'),
    joinedAt: timestampNow('joined_at'),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    index('chat_members_user_idx').on(t.userId),
  ],
);
export type ChatMemberRow = typeof chatMembers.$inferSelect;

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serialId(),
    chatId: parentRef('chat_id', () => chats.id),
    userId: weakRef('user_id', () => users.id),
    /** A reply in the thread of this message. */
    parentId: optionalParentRef('parent_id', (): AnyPgColumn => chatMessages.id),
    text: text('text').notNull().default(''),
    /** Ids of the members the text mentions. */
    mentions: jsonList<number>('mentions'),
    /** A link's title fetched by the server (never the page itself). */
    linkPreview: jsonb('link_preview').$type<{ url: string; title: string } | null>(),
    editedAt: timestampTz('edited_at'),
    deletedAt: timestampTz('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_chat_idx').on(t.chatId, t.id),
    index('chat_messages_parent_idx').on(t.parentId),
  ],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;

export const chatMessageReactions = pgTable(
  'chat_message_reactions',
  {
    messageId: parentRef('message_id', () => chatMessages.id),
    userId: personId('user_id'),
    emoji: text('emoji').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] })],
);

/** Files sent with a message, stored like task files (server/storage, folder `chats`). */
export const chatMessageFiles = pgTable(
  'chat_message_files',
  {
    id: serialId(),
    messageId: parentRef('message_id', () => chatMessages.id),
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_message_files_message_idx').on(t.messageId)],
);
