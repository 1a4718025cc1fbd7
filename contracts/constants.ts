/**
 * Plain values the client's first screen needs. They live apart from the schemas, in a module
 * without zod, so importing one does not bring the schema library into the first load.
 */

export const LANGUAGES = ['en', 'vi'] as const;

/** The shortest password an account may have (contracts/auth.ts `newPassword`). */
export const MIN_PASSWORD = 8;

/** The code of a 403 for a feature the workspace's plan lacks (spec 6); its words name the plan. */
export const PLAN_REQUIRED_CODE = 'plan_required';

/** The refusal code that tells the Teams tab to run the consent pop-up and try again. */
export const CONSENT_REQUIRED = 'consent_required';

/**
 * Sending a chat message over the live socket (the body of POST messaging/messages; files go
 * over HTTP), answered through the ack with a `SocketAnswer` (contracts/realtime.ts).
 */
export const CHAT_SEND_REQUEST = 'chat-send';

/** A page of chat history: the server's default and the size the chat asks for. */
export const MESSAGES_PAGE = 30;

/** How a workspace's task list can be sorted (GET workspaces/:id/tasks `sort`). */
export const TASK_SORTS = [
  'name',
  'created_at',
  'started_at',
  'expired_at',
  'submitted_percentage',
] as const;

/** The kinds of work "My work" lists (contracts/tasks.ts `todoItem`). */
export const TODO_KINDS = ['hand_in', 'review', 'answer', 'check_in'] as const;
