import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { taskAssignments, tasks, type WorkStatus } from '../../../db/schema';
import { conflict, forbidden } from '../../../http/errors';
import {
  findUnit,
  pickUnit,
  requireLive,
  requireOpen,
  requireRole,
  type TaskContext,
} from '../load';
import { peopleOfUnit } from '../people';
import { notifyAboutTask } from '../notify';
import { track } from '../tracking';

const HANDED_IN: WorkStatus[] = ['submitted', 'resubmitted'];

/**
 * Nobody reviews their own work (docs/decisions/tasks-rules.md): not an owner, an admin or a
 * supervisor either, when the unit is theirs or their team's. Their work waits for another
 * reviewer.
 */
function refuseOwnWork(ctx: TaskContext, unit: { id: number }) {
  if (ctx.units.some((own) => own.id === unit.id)) {
    throw forbidden('tasks:messages.own_work_review');
  }
}

/**
 * A reviewer closes: with a unit, accepting its handed-in work; without, the whole task
 * (it moves to the closed list, work already handed in stays as it is).
 */
export async function closeByReviewer(
  db: DbOrTx,
  ctx: TaskContext,
  body: { assignment_id?: number; comment?: string },
) {
  requireRole(ctx, 'review');
  requireLive(ctx);
  const now = new Date();
  if (body.assignment_id === undefined) {
    if (ctx.task.status !== 'open') throw conflict('tasks:messages.already_closed');
    await db.transaction(async (tx) => {
      await tx
        .update(tasks)
        .set({ status: 'closed', closedAt: now, updatedAt: now })
        .where(eq(tasks.id, ctx.task.id));
      await track(tx, { taskId: ctx.task.id, actorId: ctx.userId, action: 'closed' });
    });
    return;
  }
  const unit = await findUnit(db, ctx.task.id, body.assignment_id);
  refuseOwnWork(ctx, unit);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(taskAssignments)
      .set({
        status: 'closed',
        closedBy: 'reviewer',
        closedAt: now,
        updatedAt: now,
        // A note given on acceptance becomes the feedback; without one the earlier feedback
        // stays, so what the review said is still on the task.
        ...(body.comment ? { comment: body.comment } : {}),
      })
      .where(and(eq(taskAssignments.id, unit.id), inArray(taskAssignments.status, HANDED_IN)))
      .returning();
    if (!updated) throw conflict('tasks:messages.not_handed_in');
    await track(tx, {
      taskId: ctx.task.id,
      actorId: ctx.userId,
      action: 'accepted',
      assignmentId: unit.id,
      details: body.comment ? { comment: body.comment } : {},
    });
    await notifyAboutTask(tx, ctx.task, 'task_accepted', await peopleOfUnit(tx, unit), ctx.userId);
  });
}

/**
 * A reviewer opens: with a unit, returning its work to be done again (number_of_returned goes
 * up by one, the comment says why); without, reopening a closed task.
 */
export async function openByReviewer(
  db: DbOrTx,
  ctx: TaskContext,
  body: { assignment_id?: number; comment?: string },
) {
  requireRole(ctx, 'review');
  requireLive(ctx);
  const now = new Date();
  if (body.assignment_id === undefined) {
    if (ctx.task.status !== 'closed') throw conflict('tasks:messages.already_open');
    await db.transaction(async (tx) => {
      await tx
        .update(tasks)
        .set({ status: 'open', closedAt: null, updatedAt: now })
        .where(eq(tasks.id, ctx.task.id));
      await track(tx, { taskId: ctx.task.id, actorId: ctx.userId, action: 'reopened' });
    });
    return;
  }
  const unit = await findUnit(db, ctx.task.id, body.assignment_id);
  refuseOwnWork(ctx, unit);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(taskAssignments)
      .set({
        status: 'returned',
        numberOfReturned: sql`${taskAssignments.numberOfReturned} + 1`,
        closedBy: null,
        closedAt: null,
        updatedAt: now,
        ...(body.comment !== undefined ? { comment: body.comment || null } : {}),
      })
      .where(
        and(
          eq(taskAssignments.id, unit.id),
          inArray(taskAssignments.status, [...HANDED_IN, 'closed']),
        ),
      )
      .returning();
    if (!updated) throw conflict('tasks:messages.not_handed_in');
    await track(tx, {
      taskId: ctx.task.id,
      actorId: ctx.userId,
      action: 'returned',
      assignmentId: unit.id,
      details: {
        number_of_returned: updated.numberOfReturned,
        ...(body.comment ? { comment: body.comment } : {}),
      },
    });
    await notifyAboutTask(tx, ctx.task, 'task_returned', await peopleOfUnit(tx, unit), ctx.userId);
  });
}

/** The reviewers' feedback to one unit (spec "comment"). */
export async function updateComment(
  db: DbOrTx,
  ctx: TaskContext,
  assignmentId: number,
  comment: string | null,
) {
  requireRole(ctx, 'review');
  requireLive(ctx);
  const unit = await findUnit(db, ctx.task.id, assignmentId);
  refuseOwnWork(ctx, unit);
  await db.transaction(async (tx) => {
    await tx
      .update(taskAssignments)
      .set({ comment: comment || null, updatedAt: new Date() })
      .where(eq(taskAssignments.id, unit.id));
    await track(tx, {
      taskId: ctx.task.id,
      actorId: ctx.userId,
      action: 'commented',
      assignmentId: unit.id,
    });
  });
}

/**
 * The assignee marks their own work done: only on tasks without reviewers (with reviewers,
 * one of them accepts it).
 */
export async function closeByAssignee(db: DbOrTx, ctx: TaskContext, assignmentId?: number) {
  requireRole(ctx, 'work');
  requireOpen(ctx);
  if (ctx.hasReviewers) throw conflict('tasks:messages.reviewer_decides');
  const unit = pickUnit(ctx.units, assignmentId);
  const now = new Date();
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(taskAssignments)
      .set({ status: 'closed', closedBy: 'assignee', closedAt: now, updatedAt: now })
      .where(and(eq(taskAssignments.id, unit.id), sql`${taskAssignments.status} <> 'closed'`))
      .returning();
    if (!updated) throw conflict('tasks:messages.work_closed');
    await track(tx, {
      taskId: ctx.task.id,
      actorId: ctx.userId,
      action: 'closed_by_assignee',
      assignmentId: unit.id,
    });
  });
}

/** The assignee reopens work they closed themselves; a reviewer's acceptance stands. */
export async function openByAssignee(db: DbOrTx, ctx: TaskContext, assignmentId?: number) {
  requireRole(ctx, 'work');
  requireOpen(ctx);
  const unit = pickUnit(ctx.units, assignmentId);
  if (unit.status !== 'closed') throw conflict('tasks:messages.work_not_closed');
  if (unit.closedBy !== 'assignee') throw conflict('tasks:messages.closed_by_reviewer');
  await db.transaction(async (tx) => {
    await tx
      .update(taskAssignments)
      .set({
        status: unit.submittedAt ? 'submitted' : 'todo',
        closedBy: null,
        closedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(taskAssignments.id, unit.id));
    await track(tx, {
      taskId: ctx.task.id,
      actorId: ctx.userId,
      action: 'opened_by_assignee',
      assignmentId: unit.id,
    });
  });
}
