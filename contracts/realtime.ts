/**
 * Live payloads are a few ids and a kind each, checked by the small `liveShape` below rather
 * than zod: the browser checks every event it gets, and zod would be most of the socket's code
 * (about 25 KB gzip on every signed-in page).
 */
type Field = 'int' | 'int?' | 'string?' | readonly string[];
type FieldValue<F> = F extends 'int'
  ? number
  : F extends 'int?'
    ? number | null
    : F extends 'string?'
      ? string | null
      : F extends readonly (infer K)[]
        ? K
        : never;
export type LiveShapeOf<S> = S extends LiveShape<infer Fields> ? Shaped<Fields> : never;
type Shaped<Fields> = { [K in keyof Fields]: FieldValue<Fields[K]> };

const fits = (field: Field, value: unknown): boolean => {
  if (Array.isArray(field)) return field.includes(value);
  if (value === null) return field === 'int?' || field === 'string?';
  if (field === 'string?') return typeof value === 'string';
  return Number.isSafeInteger(value);
};

export interface LiveShape<Fields extends Record<string, Field>> {
  fields: Fields;
  /** The payload with only its known fields, or no success when one is missing or wrong. */
  safeParse(payload: unknown): { success: true; data: Shaped<Fields> } | { success: false };
}

/** A payload of these fields; `strict` refuses any other field too. */
function liveShape<const Fields extends Record<string, Field>>(
  fields: Fields,
  { strict = false } = {},
): LiveShape<Fields> {
  return {
    fields,
    safeParse(payload) {
      if (typeof payload !== 'object' || payload === null) return { success: false };
      const given = payload as Record<string, unknown>;
      if (strict && Object.keys(given).some((key) => !Object.hasOwn(fields, key))) {
        return { success: false };
      }
      const data: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(fields)) {
        if (!fits(field, given[key])) return { success: false };
        data[key] = given[key];
      }
      return { success: true, data: data as Shaped<Fields> };
    },
  };
}

/**
 * What the socket carries (server/realtime, src/lib/realtime.ts). Payloads hold ids and a kind,
 * never data: a client refetches what changed through routes that check what it may see.
 */

/** Joins a room after the server checked access; answered through the ack. */
export const REGISTER_EVENT = 'register';
export const UNREGISTER_EVENT = 'unregister';
/**
 * A page's first connection sends `since` (the server's time when the page started loading) in
 * its handshake and with each `register`; the server answers whether the room may have had
 * events since, with this event for the person's own room and in the register ack
 * (`{ ok, missed }`) for the others. Nothing missed: what the page fetched is current.
 */
export const CATCH_UP_EVENT = 'catch-up';
export interface CatchUp {
  missed: boolean;
}
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
export const taskChanged = liveShape({ id: 'int', parent_id: 'int?', workspace_id: 'int' });

/**
 * An assessment was created, changed, released, closed or deleted, or someone handed in.
 * Ids only, never who answered: an assessment's raters stay anonymous on the socket too.
 */
export const assessmentChanged = liveShape({ id: 'int', workspace_id: 'int' }, { strict: true });

export const MEMBERSHIP_CHANGES = ['added', 'role_changed', 'removed'] as const;
/** To the workspace room as `member-changed`, to the person's own room as `membership-changed`. */
export const membershipChanged = liveShape({ workspace_id: 'int', kind: MEMBERSHIP_CHANGES });

/** To the person's own room: a notification for them was made, or some were read. */
export const notificationsChanged = liveShape({ id: 'int?', kind: 'string?' });

export const CHAT_MESSAGE_CHANGES = ['created', 'edited', 'deleted', 'reacted'] as const;
/** To the room `chat-<id>`: a message was sent, edited, deleted or reacted to. */
export const chatMessageChanged = liveShape({
  chat_id: 'int',
  message_id: 'int',
  parent_id: 'int?',
  kind: CHAT_MESSAGE_CHANGES,
});
/** To the room `chat-<id>`: someone is typing (shown for a few seconds). */
export const chatTyping = liveShape({ chat_id: 'int', user_id: 'int' });
/** To the room `chat-<id>`: a member's last-read pointer moved. */
export const chatRead = liveShape({ chat_id: 'int', user_id: 'int', message_id: 'int' });
/** To a person's own room: a chat of theirs was made, changed, joined or left. */
export const chatChanged = liveShape({ chat_id: 'int' });

/** To the workspace room: an objective, key result, check-in, alignment or position changed. */
export const okrChanged = liveShape({ workspace_id: 'int' });

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
export type LiveEventPayload<E extends LiveEventName> = LiveShapeOf<(typeof liveEvents)[E]>;
