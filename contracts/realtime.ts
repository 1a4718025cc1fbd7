import { z } from 'zod';

/**
 * What the socket carries (server/realtime, src/lib/realtime.ts). Payloads hold ids and a kind,
 * never data: a client refetches what changed through routes that check what it may see.
 */

/** Joins a room after the server checked access; answered through the ack. */
export const REGISTER_EVENT = 'register';
export const UNREGISTER_EVENT = 'unregister';
export const SOCKET_PATH = '/_socket_/socket.io';

/** What a request a client sends over its socket (e.g. CHAT_SEND_REQUEST) gets through the ack. */
export type SocketAnswer<T> =
  | { ok: true; resource: T }
  | {
      ok: false;
      status: number;
      code: string;
      messages: string[];
      errors?: Record<string, string[]>;
    };

/** A task or subtask changed (work handed in, reviewed, edited, moved, deleted). */
export const taskChanged = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  workspace_id: z.number().int(),
});

/**
 * An assessment was created, changed, released, closed or deleted, or someone handed in.
 * Ids only, never who answered: an assessment's raters stay anonymous on the socket too.
 */
export const assessmentChanged = z
  .object({ id: z.number().int(), workspace_id: z.number().int() })
  .strict();

export const MEMBERSHIP_CHANGES = ['added', 'role_changed', 'removed'] as const;
/** To the workspace room as `member-changed`, to the person's own room as `membership-changed`. */
export const membershipChanged = z.object({
  workspace_id: z.number().int(),
  kind: z.enum(MEMBERSHIP_CHANGES),
});

/** To the person's own room: a notification for them was made, or some were read. */
export const notificationsChanged = z.object({
  id: z.number().int().nullable(),
  kind: z.string().nullable(),
});

export const CHAT_MESSAGE_CHANGES = ['created', 'edited', 'deleted', 'reacted'] as const;
/** To the room `chat-<id>`: a message was sent, edited, deleted or reacted to. */
export const chatMessageChanged = z.object({
  chat_id: z.number().int(),
  message_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  kind: z.enum(CHAT_MESSAGE_CHANGES),
});
/** To the room `chat-<id>`: someone is typing (shown for a few seconds). */
export const chatTyping = z.object({ chat_id: z.number().int(), user_id: z.number().int() });
/** To the room `chat-<id>`: a member's last-read pointer moved. */
export const chatRead = z.object({
  chat_id: z.number().int(),
  user_id: z.number().int(),
  message_id: z.number().int(),
});
/** To a person's own room: a chat of theirs was made, changed, joined or left. */
export const chatChanged = z.object({ chat_id: z.number().int() });

/** To the workspace room: an objective, key result, check-in, alignment or position changed. */
export const okrChanged = z.object({ workspace_id: z.number().int() });

export const liveEvents = {
  'chat-message': chatMessageChanged,
  'chat-typing': chatTyping,
  'chat-read': chatRead,
  'chat-changed': chatChanged,
  'notifications-changed': notificationsChanged,
  'task-changed': taskChanged,
  'assessment-changed': assessmentChanged,
  'okr-changed': okrChanged,
  'member-changed': membershipChanged,
  'membership-changed': membershipChanged,
};
export type LiveEventName = keyof typeof liveEvents;
export type LiveEventPayload<E extends LiveEventName> = z.infer<(typeof liveEvents)[E]>;
