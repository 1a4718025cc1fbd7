import type { LiveEventPayload } from '@contracts/realtime';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { TaskRow } from '../../db/schema';
import { recordEvent } from '../../jobs';
import { appLink } from '../../core/links';
import {
  mailRemindersOn,
  notifyOnEvent,
  settingsLink,
  wantsKind,
  type NotifyInput,
  type ReminderMail,
} from '../../core/notify';

export type TaskNotificationKind =
  'task_assigned' | 'task_submitted' | 'task_returned' | 'task_accepted' | 'task_reminder';

interface TaskNotification {
  task: {
    id: number;
    workspace_id: number;
    parent_id: number | null;
    name: string;
    expired_at: string | null;
  };
  kind: TaskNotificationKind;
  recipients: number[];
  /** Null when the system is the one reminding (a deadline coming up). */
  actor_id: number | null;
}

declare module '../../jobs' {
  interface DomainEvents {
    'task.notification': TaskNotification;
  }
}

/**
 * Tells people about a task: recorded as an event in the caller's transaction; the in-app
 * notifications (and for reminders, the mail) are made by handlers after it commits.
 */
export async function notifyAboutTask(
  tx: DbOrTx,
  task: Pick<TaskRow, 'id' | 'workspaceId' | 'parentId' | 'name' | 'expiredAt'>,
  kind: TaskNotificationKind,
  userIds: Iterable<number>,
  actorId: number | null,
) {
  const recipients = [...new Set(userIds)].filter((id) => id !== actorId);
  if (recipients.length === 0) return;
  await recordEvent(tx, 'task.notification', {
    task: {
      id: task.id,
      workspace_id: task.workspaceId,
      parent_id: task.parentId,
      name: task.name,
      expired_at: task.expiredAt?.toISOString() ?? null,
    },
    kind,
    recipients,
    actor_id: actorId,
  });
}

/** The page a task opens on (spec 2.6 routes). */
export function taskPath(task: { id: number; workspaceId: number; parentId: number | null }) {
  return task.parentId === null
    ? `/workspaces/${task.workspaceId}/tasks/${task.id}/info`
    : `/workspaces/${task.workspaceId}/tasks/${task.parentId}/subtasks/${task.id}/info`;
}

/**
 * In-app notifications: one row per person, holding what the words need so the list can say
 * it in the reader's language (`tasks:notifications.<kind>`). Written once per event.
 */
function notificationOf({ task, kind, recipients, actor_id }: TaskNotification): NotifyInput {
  return {
    userIds: recipients,
    kind,
    workspaceId: task.workspace_id,
    actorId: actor_id,
    reference: { type: task.parent_id === null ? 'task' : 'subtask', id: task.id },
    data: {
      message_key: `tasks:notifications.${kind}`,
      name: task.name,
      parent_id: task.parent_id,
      expired_at: task.expired_at,
    },
    link: taskPath({ id: task.id, workspaceId: task.workspace_id, parentId: task.parent_id }),
    // Reminders have their own mail below.
    skipEmail: kind === 'task_reminder',
  };
}

/** A reminder also goes by mail, to those who want task reminders by mail. */
function reminderMailOf(
  deps: AppDeps,
  { task, kind, recipients }: TaskNotification,
): ReminderMail | null {
  if (kind !== 'task_reminder') return null;
  return {
    recipients,
    kind: 'task-reminder',
    words: 'tasks:mail.reminder',
    about: { task: task.name },
    due: task.expired_at,
    link: appLink(
      deps,
      taskPath({ id: task.id, workspaceId: task.workspace_id, parentId: task.parent_id }),
    ),
    wants: (person) => wantsKind(person, 'task_reminder', 'email'),
    footer: (person, t, vars) => [
      '',
      t('tasks:mail.reminder.footer', vars),
      t('notifications:mail.settings', { link: settingsLink(deps, person.id) }),
    ],
  };
}

/** The tasks area's event handlers. */
export function registerTaskNotifications(deps: AppDeps) {
  notifyOnEvent(deps, 'task.notification', notificationOf);
  mailRemindersOn(deps, 'task.notification', (payload) => reminderMailOf(deps, payload));
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
