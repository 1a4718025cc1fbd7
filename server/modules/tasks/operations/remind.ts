import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { taskAssignments } from '../../../db/schema';
import { forbidden, validationFailed, conflict } from '../../../http/errors';
import { requireOpen, type TaskContext } from '../load';
import { notifyAboutTask } from '../notify';
import { peopleOfUnit } from '../people';
import { trackByCaller } from '../tracking';

/** People whose work on the task is not handed in: to do, or returned to them. */
export async function pendingPeople(db: DbOrTx, taskId: number) {
  const units = await db.select().from(taskAssignments).where(eq(taskAssignments.taskId, taskId));
  const people = new Map<number, number>();
  for (const unit of units) {
    if (unit.status !== 'todo' && unit.status !== 'returned') continue;
    for (const userId of await peopleOfUnit(db, unit)) people.set(userId, unit.id);
  }
  return { people, assigned: units };
}

/**
 * Reminds one person (`userId`) or everyone with work still to hand in. The reminder is an
 * event written with the tracking line in one transaction; its handlers make a notification
 * and a mail in their language for each person (see notify.ts), after the caller has its answer.
 */
export async function sendReminders(
  deps: AppDeps,
  ctx: TaskContext,
  userId?: number,
): Promise<number> {
  if (!ctx.roles.manage && !ctx.roles.review) throw forbidden();
  requireOpen(ctx);
  const { people, assigned } = await pendingPeople(deps.db, ctx.task.id);
  let recipients = [...people.keys()];
  if (userId !== undefined) {
    const assignedPeople = new Set<number>();
    for (const unit of assigned)
      (await peopleOfUnit(deps.db, unit)).forEach((id) => assignedPeople.add(id));
    if (!assignedPeople.has(userId))
      throw validationFailed({ user_id: 'tasks:messages.not_assigned' });
    if (!people.has(userId)) throw conflict('tasks:messages.nothing_pending');
    recipients = [userId];
  }
  if (recipients.length === 0) throw conflict('tasks:messages.nothing_pending');

  await deps.db.transaction(async (tx) => {
    await notifyAboutTask(tx, ctx.task, 'task_reminder', recipients, ctx.userId);
    await trackByCaller(tx, ctx, 'reminded', {
      details: { user_ids: recipients },
    });
  });
  return recipients.length;
}
