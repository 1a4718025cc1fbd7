import { and, eq, inArray, isNull, or, gt } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { reminderSettings, tasks, type TaskRow } from '../../db/schema';
import { claimEffect, recordEvent } from '../../jobs';
import { notifyAboutTask } from './notify';
import { pendingPeople } from './operations/remind';

declare module '../../jobs' {
  interface DomainEvents {
    'task.deadline_set': { task_id: number; expired_at: string };
  }
}

const QUEUE = 'task_deadline_reminder';

interface DeadlineJob {
  task_id: number;
  expired_at: string;
}

/**
 * A task got a due date (new, or moved): its reminder is scheduled once the change commits.
 * Call in the transaction that writes the due date.
 */
export async function deadlineChanged(tx: DbOrTx, task: Pick<TaskRow, 'id' | 'expiredAt'>) {
  if (!task.expiredAt) return;
  await recordEvent(tx, 'task.deadline_set', {
    task_id: task.id,
    expired_at: task.expiredAt.toISOString(),
  });
}

/**
 * Reminds everyone with work still to hand in, TASK_REMINDER_LEAD_HOURS before the due date
 * (at once when that is already past), unless they set the reminder aside. The job waits in
 * the database, so it fires on time across restarts; one for a due date that has since moved
 * does nothing, as the move scheduled its own.
 */
export function registerDeadlineReminders(deps: AppDeps) {
  const leadMs = deps.config.TASK_REMINDER_LEAD_HOURS * 3_600_000;

  deps.jobs.on('task.deadline_set', 'schedule', async (event) => {
    const { task_id: taskId, expired_at: expiredAt } = event.payload;
    const job: DeadlineJob = { task_id: taskId, expired_at: expiredAt };
    await deps.jobs.send(QUEUE, job, {
      startAfter: new Date(new Date(expiredAt).getTime() - leadMs),
      key: `${taskId}:${expiredAt}`,
    });
  });

  deps.jobs.define<DeadlineJob>(QUEUE, async ({ task_id: taskId, expired_at: expiredAt }) => {
    const [task] = await deps.db.select().from(tasks).where(eq(tasks.id, taskId));
    if (!task || task.status !== 'open' || task.expiredAt?.toISOString() !== expiredAt) return;
    const now = new Date();
    const { people } = await pendingPeople(deps.db, taskId);
    const setAside = new Set(
      people.size === 0
        ? []
        : (
            await deps.db
              .select({ userId: reminderSettings.userId })
              .from(reminderSettings)
              .where(
                and(
                  eq(reminderSettings.referenceType, 'task'),
                  eq(reminderSettings.referenceId, taskId),
                  inArray(reminderSettings.userId, [...people.keys()]),
                  or(isNull(reminderSettings.snoozedUntil), gt(reminderSettings.snoozedUntil, now)),
                ),
              )
          ).map((row) => row.userId),
    );
    const recipients = [...people.keys()].filter((id) => !setAside.has(id));
    if (recipients.length === 0) return;
    await deps.db.transaction(async (tx) => {
      if (!(await claimEffect(tx, `deadline-reminder:${taskId}:${expiredAt}`))) return;
      await notifyAboutTask(tx, task, 'task_reminder', recipients, null);
    });
  });
}
