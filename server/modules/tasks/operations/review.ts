import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  taskAssignments,
  tasks,
  type TaskAssignmentRow,
  type WorkStatus,
} from '../../../db/schema';
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
import { trackByCaller } from '../tracking';

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

type Review = { assignment_id?: number; comment?: string };

/**
 * What a reviewer's close and open do: without a unit, to the whole task (from `taskFrom`);
 * with one, to its work (from `unitFrom`), tracked and told to the people of the unit.
 */
const REVIEWS = {
  close: {
    taskFrom: 'open',
    taskRefused: 'tasks:messages.already_closed',
    task: (now: Date) => ({ status: 'closed' as const, closedAt: now, updatedAt: now }),
    taskAction: 'closed',
    unitFrom: HANDED_IN,
    unit: (body: Review, now: Date) => ({
      status: 'closed' as const,
      closedBy: 'reviewer' as const,
      closedAt: now,
      updatedAt: now,
      // A note given on acceptance becomes the feedback; without one the earlier feedback
      // stays, so what the review said is still on the task.
      ...(body.comment ? { comment: body.comment } : {}),
    }),
    unitAction: 'accepted',
    details: (_updated: TaskAssignmentRow, body: Review) =>
      body.comment ? { comment: body.comment } : {},
    notice: 'task_accepted',
  },
  open: {
    taskFrom: 'closed',
    taskRefused: 'tasks:messages.already_open',
    task: (now: Date) => ({ status: 'open' as const, closedAt: null, updatedAt: now }),
    taskAction: 'reopened',
    unitFrom: [...HANDED_IN, 'closed'],
    unit: (body: Review, now: Date) => ({
      status: 'returned' as const,
      numberOfReturned: sql`${taskAssignments.numberOfReturned} + 1`,
      closedBy: null,
      closedAt: null,
      updatedAt: now,
      ...(body.comment !== undefined ? { comment: body.comment || null } : {}),
    }),
    unitAction: 'returned',
    details: (updated: TaskAssignmentRow, body: Review) => ({
      number_of_returned: updated.numberOfReturned,
      ...(body.comment ? { comment: body.comment } : {}),
    }),
    notice: 'task_returned',
  },
} as const satisfies Record<string, object>;

/**
 * A reviewer closes or opens. Closing: with a unit, accepting its handed-in work; without,
 * the whole task (it moves to the closed list, work already handed in stays as it is).
 * Opening: with a unit, returning its work to be done again (number_of_returned goes up by
 * one, the comment says why); without, reopening a closed task.
 */
async function review(db: DbOrTx, ctx: TaskContext, way: keyof typeof REVIEWS, body: Review) {
  const rule = REVIEWS[way];
  requireRole(ctx, 'review');
  requireLive(ctx);
  const now = new Date();
  if (body.assignment_id === undefined) {
    if (ctx.task.status !== rule.taskFrom) throw conflict(rule.taskRefused);
    await db.transaction(async (tx) => {
      await tx.update(tasks).set(rule.task(now)).where(eq(tasks.id, ctx.task.id));
      await trackByCaller(tx, ctx, rule.taskAction);
    });
    return;
  }
  const unit = await findUnit(db, ctx.task.id, body.assignment_id);
  refuseOwnWork(ctx, unit);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(taskAssignments)
      .set(rule.unit(body, now))
      .where(
        and(eq(taskAssignments.id, unit.id), inArray(taskAssignments.status, [...rule.unitFrom])),
      )
      .returning();
    if (!updated) throw conflict('tasks:messages.not_handed_in');
    await trackByCaller(tx, ctx, rule.unitAction, {
      assignmentId: unit.id,
      details: rule.details(updated, body),
    });
    await notifyAboutTask(tx, ctx.task, rule.notice, await peopleOfUnit(tx, unit), ctx.userId);
  });
}

export const closeByReviewer = (db: DbOrTx, ctx: TaskContext, body: Review) =>
  review(db, ctx, 'close', body);

export const openByReviewer = (db: DbOrTx, ctx: TaskContext, body: Review) =>
  review(db, ctx, 'open', body);

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
    await trackByCaller(tx, ctx, 'commented', {
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
    await trackByCaller(tx, ctx, 'closed_by_assignee', {
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
    await trackByCaller(tx, ctx, 'opened_by_assignee', {
      assignmentId: unit.id,
    });
  });
}
