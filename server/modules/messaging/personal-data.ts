import { eq } from 'drizzle-orm';
import type { AccountDeletion, ExportSection, FileReferences } from '../../core/area';
import { personRows, rowsOfPerson, storageKeyFiles } from '../../core/export-sections';
import {
  chatMembers,
  chatMessageFiles,
  chatMessageReactions,
  chatMessages,
  chats,
} from '../../db/schema';

/** The chats a person is or was in, made, and the messages and reactions they sent. */
export const exportSections: ExportSection[] = [
  {
    name: 'chats',
    tables: [chats, chatMembers],
    read: async (db, userId) => ({
      member_of: await rowsOfPerson(
        db,
        chatMembers.userId,
        userId,
        {
          chat_id: chats.id,
          kind: chats.kind,
          name: chats.name,
          workspace_id: chats.workspaceId,
          joined_at: chatMembers.joinedAt,
          left_at: chatMembers.leftAt,
        },
        [[chats, eq(chats.id, chatMembers.chatId)]],
      ),
      created: await rowsOfPerson(db, chats.createdBy, userId, {
        chat_id: chats.id,
        kind: chats.kind,
        name: chats.name,
      }),
    }),
  },
  {
    name: 'chat_messages',
    tables: [chatMessages, chatMessageFiles],
    read: async (db, userId) => {
      const [messages, attached] = await Promise.all([
        rowsOfPerson(db, chatMessages.userId, userId, {
          id: chatMessages.id,
          chat_id: chatMessages.chatId,
          text: chatMessages.text,
          edited_at: chatMessages.editedAt,
          deleted_at: chatMessages.deletedAt,
          created_at: chatMessages.createdAt,
        }),
        db
          .select({
            message_id: chatMessageFiles.messageId,
            name: chatMessageFiles.name,
            size: chatMessageFiles.size,
          })
          .from(chatMessageFiles)
          .innerJoin(chatMessages, eq(chatMessages.id, chatMessageFiles.messageId))
          .where(eq(chatMessages.userId, userId)),
      ]);
      return messages.map((message) => ({
        ...message,
        files: attached
          .filter((file) => file.message_id === message.id)
          .map(({ name, size }) => ({ name, size })),
      }));
    },
  },
  personRows('chat_reactions', chatMessageReactions.userId, {
    message_id: chatMessageReactions.messageId,
    emoji: chatMessageReactions.emoji,
  }),
];

/**
 * Conversations are shared: messages, reactions and memberships stay, shown as a deleted
 * account's, so the others' history still reads.
 */
export const accountDeletion: AccountDeletion = {
  erases: [],
  keeps: [chats, chatMembers, chatMessages, chatMessageReactions, chatMessageFiles],
};

/** `chat_message_files.storage_key`: files sent in chats. */
export const files: FileReferences = storageKeyFiles(chatMessageFiles.storageKey);
