import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../context';
import { taskAssignments, users } from '../../../db/schema';
import { forbidden, validationFailed, conflict } from '../../../http/errors';
import { translator } from '../../../i18n';
import { displayName } from '../../account/present';
import { appLink } from '../../auth/mails';
import { requireOpen, type TaskContext } from '../load';
import { notifyAboutTask, taskPath } from '../notify';
import { peopleOfUnit } from '../people';
import { track } from '../tracking';

/** People whose work on the task is not handed in: to do, or returned to them. */
async function pendingPeople(deps: AppDeps, ctx: TaskContext) {
  const units = await deps.db
    .select()
    .from(taskAssignments)
    .where(eq(taskAssignments.taskId, ctx.task.id));
  const people = new Map<number, number>();
  for (const unit of units) {
    if (unit.status !== 'todo' && unit.status !== 'returned') continue;
    for (const userId of await peopleOfUnit(deps.db, unit)) people.set(userId, unit.id);
  }
  return { people, assigned: units };
}

/**
 * Reminds one person (`userId`) or everyone with work still to hand in: a notification each
 * (written with the tracking line in one transaction), then a mail each in their language.
 * Mail that fails is logged; the notification is there either way.
 */
export async function sendReminders(
  deps: AppDeps,
  ctx: TaskContext,
  log: FastifyBaseLogger,
  userId?: number,
): Promise<number> {
  if (!ctx.roles.manage && !ctx.roles.review) throw forbidden();
  requireOpen(ctx);
  const { people, assigned } = await pendingPeople(deps, ctx);
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
    await track(tx, {
      taskId: ctx.task.id,
      actorId: ctx.userId,
      action: 'reminded',
      details: { user_ids: recipients },
    });
  });

  const rows = await deps.db.select().from(users).where(inArray(users.id, recipients));
  const link = appLink(deps, taskPath(ctx.task));
  for (const person of rows.filter((p) => !p.deletedAt && !p.deactivatedAt)) {
    const t = translator(person.language);
    const vars = {
      name: displayName(person),
      task: ctx.task.name,
      due: ctx.task.expiredAt
        ? ctx.task.expiredAt.toISOString().slice(0, 10)
        : t('tasks:mail.reminder.no_due_date'),
      app: 'Teamloop',
    };
    try {
      await deps.mailer.send({
        to: person.email,
        subject: t('tasks:mail.reminder.subject', vars),
        text: [
          t('tasks:mail.reminder.greeting', vars),
          '',
          t('tasks:mail.reminder.body', vars),
          '',
          link,
          '',
          t('tasks:mail.reminder.footer', vars),
        ].join('\n'),
        link,
      });
    } catch (error) {
      log.error({ err: error, to: person.id }, 'task reminder mail failed');
    }
  }
  return recipients.length;
}
