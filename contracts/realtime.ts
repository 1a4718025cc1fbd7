import { z } from 'zod';

/**
 * What the socket carries (server/realtime, src/lib/realtime.ts). Payloads hold ids and a kind,
 * never data: a client refetches what changed through routes that check what it may see.
 */

/** Joins a room after the server checked access; answered through the ack. */
export const REGISTER_EVENT = 'register';
export const UNREGISTER_EVENT = 'unregister';
export const SOCKET_PATH = '/_socket_/socket.io';

/** A task or subtask changed (work handed in, reviewed, edited, moved, deleted). */
export const taskChanged = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  workspace_id: z.number().int(),
});

export const MEMBERSHIP_CHANGES = ['added', 'role_changed', 'removed'] as const;
/** To the workspace room as `member-changed`, to the person's own room as `membership-changed`. */
export const membershipChanged = z.object({
  workspace_id: z.number().int(),
  kind: z.enum(MEMBERSHIP_CHANGES),
});

export const liveEvents = {
  'task-changed': taskChanged,
  'member-changed': membershipChanged,
  'membership-changed': membershipChanged,
};
export type LiveEventName = keyof typeof liveEvents;
export type LiveEventPayload<E extends LiveEventName> = z.infer<(typeof liveEvents)[E]>;
