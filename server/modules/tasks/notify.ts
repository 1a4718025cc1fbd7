import type { LiveEventPayload } from '@contracts/realtime';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notifications, type TaskRow } from '../../db/schema';

export type TaskNotificationKind =
  'task_assigned' | 'task_submitted' | 'task_returned' | 'task_accepted' | 'task_reminder';

/**
 * In-app notifications about a task: one row per person, holding what the words need so the
 * notifications list can say it in the reader's language (`tasks:notifications.<kind>`).
 */
export async function notifyAboutTask(
  db: DbOrTx,
  task: Pick<TaskRow, 'id' | 'workspaceId' | 'parentId' | 'name' | 'expiredAt'>,
  kind: TaskNotificationKind,
  userIds: Iterable<number>,
  actorId: number,
) {
  const recipients = [...new Set(userIds)].filter((id) => id !== actorId);
  if (recipients.length === 0) return;
  await db.insert(notifications).values(
    recipients.map((userId) => ({
      userId,
      workspaceId: task.workspaceId,
      actorId,
      kind,
      referenceType: task.parentId === null ? 'task' : 'subtask',
      referenceId: task.id,
      data: {
        message_key: `tasks:notifications.${kind}`,
        name: task.name,
        parent_id: task.parentId,
        expired_at: task.expiredAt?.toISOString() ?? null,
      },
    })),
  );
}

/** The page a task opens on (spec 2.6 routes). */
export function taskPath(task: Pick<TaskRow, 'id' | 'workspaceId' | 'parentId'>) {
  return task.parentId === null
    ? `/workspaces/${task.workspaceId}/tasks/${task.id}/info`
    : `/workspaces/${task.workspaceId}/tasks/${task.parentId}/subtasks/${task.id}/info`;
}

/**
 * Tells everyone looking at the workspace that a task changed, so open boards and lists
 * refetch it (the socket carries no task data: each client reads what it may see).
 */
export function announceTaskChange(
  deps: Pick<AppDeps, 'realtime'>,
  task: Pick<TaskRow, 'id' | 'workspaceId' | 'parentId'>,
) {
  const payload: LiveEventPayload<'task-changed'> = {
    id: task.id,
    parent_id: task.parentId,
    workspace_id: task.workspaceId,
  };
  deps.realtime.toWorkspace(task.workspaceId, 'task-changed', payload);
}
