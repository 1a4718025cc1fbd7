import { z } from 'zod';
import { rowId, rowIdText } from './common';
import { person } from './people';
import { MESSAGES_PAGE } from './constants';

/**
 * Chats and messages (spec 3 "Chat entry", 4 "Chat", 5, 6, 7.12), under /messaging; the
 * workspace's active-user chat under /core (7.2).
 */
export const CHAT_KINDS = ['user', 'group', 'task', 'team', 'workspace'] as const;
export const CHAT_MODEL_TYPES = ['task', 'team'] as const;
export const MAX_MESSAGE_LENGTH = 5000;
export const MAX_CHAT_NAME = 120;
export const MAX_GROUP_MEMBERS = 200;
export { MESSAGES_PAGE };
export const REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🎉'] as const;

const id = z.number().int();
const name = z.string().trim().min(1).max(MAX_CHAT_NAME);
const userIds = z.array(rowId).max(MAX_GROUP_MEMBERS);

export const chatMember = person.extend({ is_admin: z.boolean(), left: z.boolean() });

/** One chat as the list shows it (spec 3 "Chat entry"). */
export const chatEntry = z.object({
  id,
  chat: id,
  kind: z.enum(CHAT_KINDS),
  name: z.string(),
  workspace_id: id.nullable(),
  model_type: z.enum(CHAT_MODEL_TYPES).nullable(),
  model_id: id.nullable(),
  count_new_messages: z.number().int(),
  is_tagged: z.boolean(),
  /** The newest message: its text (null without one; empty when deleted or only files). */
  text: z.string().nullable(),
  /** Whether the newest message was deleted. */
  is_deleted: z.boolean(),
  /** The names of the newest message's files, for a message that is only files. */
  file_names: z.array(z.string()),
  owner_name: z.string().nullable(),
  send_at: z.string().nullable(),
  is_mute: z.boolean(),
  leave_at: z.string().nullable(),
  send_message_permission: z.boolean(),
  is_admin: z.boolean(),
  last_read_message_id: id,
  /** The other person of a one-to-one chat. */
  peer: person.nullable(),
});
export type ChatEntry = z.infer<typeof chatEntry>;

export const chatDetail = chatEntry.extend({ members: z.array(chatMember) });
export type ChatDetail = z.infer<typeof chatDetail>;

export const chatListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export const chatList = z.object({
  chats: z.array(chatEntry),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
export const chatResource = z.object({ chat: chatDetail });

export const chatSearchQuery = chatListQuery.extend({
  q: z.string().trim().max(100).default(''),
});
/** Spec 7.12: the page of chats in `common_workspace_chat`; people one may start a chat with. */
export const chatSearchResult = z.object({
  common_workspace_chat: z.array(chatEntry),
  people: z.array(person),
});

export const chatIdBody = z.object({ chat_id: rowId }).strict();
export const muteBody = z.object({ chat_id: rowId, is_mute: z.boolean() }).strict();
export const groupChatBody = z
  .object({ name, user_ids: userIds.min(1), workspace_id: rowId.optional() })
  .strict();
export const editGroupBody = z
  .object({
    chat_id: rowId,
    name: name.optional(),
    user_ids: userIds.optional(),
    admin_ids: userIds.optional(),
    send_message_permission: z.boolean().optional(),
  })
  .strict();
export const userChatBody = z.object({ user_id: rowId }).strict();
export const linkModelBody = z
  .object({ model_type: z.enum(CHAT_MODEL_TYPES), model_id: rowId })
  .strict();
export const readBody = z.object({ message_id: rowId }).strict();
export const chatParams = z.object({ id: rowIdText });

export const messageFile = z.object({
  id,
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export const reaction = z.object({ emoji: z.string(), count: z.number().int(), mine: z.boolean() });
export const message = z.object({
  id,
  chat_id: id,
  parent_id: id.nullable(),
  owner: person.nullable(),
  owner_name: z.string(),
  text: z.string(),
  is_deleted: z.boolean(),
  is_edited: z.boolean(),
  mentions: z.array(id),
  link_preview: z.object({ url: z.string(), title: z.string() }).nullable(),
  files: z.array(messageFile),
  reactions: z.array(reaction),
  reply_count: z.number().int(),
  send_at: z.string(),
});
export type ChatMessage = z.infer<typeof message>;

export const messagesQuery = z
  .object({
    chat_id: rowIdText,
    /** Messages older than this id (the cursor); the newest page without it. */
    before: rowIdText.optional(),
    /** The replies of one message's thread instead of the chat's main line. */
    parent_id: rowIdText.optional(),
    per_page: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE),
  })
  .strict();
export const messageList = z.object({ messages: z.array(message), has_more: z.boolean() });
export const messageResource = z.object({ message });

const text = z.string().trim().max(MAX_MESSAGE_LENGTH);
export const sendMessageBody = z
  .object({
    chat_id: rowId,
    text: text.min(1),
    parent_id: rowId.optional(),
    mentions: z.array(rowId).max(MAX_GROUP_MEMBERS).optional(),
  })
  .strict();
/**
 * A send over the live socket: the body, and the key a retry of the same send carries (over the
 * socket or as the HTTP route's `Idempotency-Key` header), so it is stored once.
 */
export const socketSendMessage = sendMessageBody
  .extend({ idempotency_key: z.uuid().optional() })
  .strict();
/** The text fields of a message sent with files (multipart). */
export const sendFilesQuery = z.object({ chat_id: rowIdText }).strict();
export const sendFilesFields = z
  .object({
    text: text.default(''),
    parent_id: rowIdText.optional(),
  })
  .strict();
export const editMessageBody = z.object({ text: text.min(1) }).strict();
export const reactionBody = z.object({ emoji: z.enum(REACTIONS) }).strict();
export const messageParams = z.object({ id: rowIdText });
export const fileParams = z.object({ id: rowIdText, file: rowIdText });
export const typingBody = z.object({}).strict();

/** What core/workspaces/:id/active-user-chat answers. */
export const activeChatResource = z.object({ chat: chatDetail });
