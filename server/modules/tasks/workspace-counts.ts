import { and, eq, isNull } from 'drizzle-orm';
import { registerPinTable } from '../../core/pin-targets';
import { registerStatusCounter } from '../../core/work-counters';
import { tasks } from '../../db/schema';

/** Top-level tasks by status; subtasks are part of their task and not counted apart. */
registerStatusCounter('tasks', tasks, tasks.status, (workspaceId) =>
  and(eq(tasks.workspaceId, workspaceId), isNull(tasks.parentId)),
);

/** Tasks and subtasks of the workspace may be pinned. */
registerPinTable('task', tasks, tasks.id, (workspaceId) => eq(tasks.workspaceId, workspaceId));
