import { and, eq, inArray } from 'drizzle-orm';
import { submitFields } from '@contracts/tasks';
import { can } from '../../../auth/permissions';
import type { AppDeps } from '../../../context';
import {
  earlierRequest,
  idempotencyOf,
  rememberResult,
  resultOfRace,
  sameRequest,
  type Idempotency,
} from '../../../core/idempotency';
import type { DbOrTx } from '../../../db/client';
import {
  taskAssignments,
  taskFiles,
  taskReports,
  taskReviewers,
  type TaskAssignmentRow,
  type WorkStatus,
} from '../../../db/schema';
import { conflict, forbidden, notFound, validationFailed } from '../../../http/errors';
import { parseFields, type StoredUpload, type FormSource } from '../../../storage/uploads';
import { pickUnit, requireLive, requireOpen, requireRole, type TaskContext } from '../load';
import { notifyAboutTask } from '../notify';
import { trackByCaller } from '../tracking';

export type HandInMode = 'submit' | 'resubmit' | 'resubmit_by_teammate';

const FROM: Record<HandInMode, readonly WorkStatus[]> = {
  submit: ['todo'],
  resubmit: ['submitted', 'returned', 'resubmitted'],
  resubmit_by_teammate: ['submitted', 'returned', 'resubmitted'],
};

/**
 * Submit or resubmit work with files (spec 4: the unit's new status is in the answer).
 * Who and whether is checked before the upload is read; the files are then stored and the
 * report, its files and the unit's new status are written in one transaction. If anything
 * fails after the files were stored, they are removed again: nothing half-made remains.
 * Under an idempotency key, a retry of a hand-in that was stored is answered as it was (its
 * files dropped) instead of handing in again or meeting "already submitted".
 */
export async function handIn(
  deps: AppDeps,
  receive: FormSource,
  ctx: TaskContext,
  mode: HandInMode,
  options: { teammateUnits?: readonly TaskAssignmentRow[]; idempotencyKey?: string } = {},
) {
  const { db } = deps;
  const candidates = mode === 'resubmit_by_teammate' ? (options.teammateUnits ?? []) : ctx.units;
  if (mode === 'resubmit_by_teammate') {
    if (!can(ctx.access, 'submit_tasks')) throw forbidden();
    if (candidates.length === 0) throw forbidden();
  } else {
    requireRole(ctx, 'work');
  }
  const earlier = await earlierRequest(db, ctx.userId, options.idempotencyKey);
  if (!earlier) {
    requireOpen(ctx);
    if (!candidates.some((u) => FROM[mode].includes(u.status))) {
      throw conflict(
        mode === 'submit'
          ? 'tasks:messages.already_submitted'
          : 'tasks:messages.nothing_to_resubmit',
      );
    }
  }

  const form = await receive();
  let idempotency: Idempotency | undefined;
  try {
    const { answer, assignment_id: assignmentId } = parseFields(submitFields, form.fields);
    idempotency = idempotencyOf(ctx.userId, options.idempotencyKey, 'task_hand_in', {
      task: ctx.task.id,
      mode,
      answer: answer ?? null,
      assignment: assignmentId ?? null,
      files: form.files.map((file) => [file.name, file.size, file.mimeType]),
    });
    if (earlier && idempotency) {
      sameRequest(earlier, idempotency);
      await form.discard();
      return;
    }
    if (mode === 'resubmit_by_teammate' && assignmentId === undefined) {
      throw validationFailed({ assignment_id: 'tasks:messages.unit_required' });
    }
    const unit = pickUnit(candidates, assignmentId);
    if (form.files.length === 0 && !answer) {
      throw validationFailed({ files: 'tasks:messages.nothing_handed_in' });
    }
    const now = new Date();
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(taskAssignments)
        .set({
          status: mode === 'submit' ? 'submitted' : 'resubmitted',
          submittedAt: now,
          closedBy: null,
          closedAt: null,
          updatedAt: now,
        })
        .where(
          and(eq(taskAssignments.id, unit.id), inArray(taskAssignments.status, [...FROM[mode]])),
        )
        .returning();
      if (!updated) {
        throw conflict(
          mode === 'submit'
            ? 'tasks:messages.already_submitted'
            : 'tasks:messages.nothing_to_resubmit',
        );
      }
      const [report] = await tx
        .insert(taskReports)
        .values({
          taskId: ctx.task.id,
          assignmentId: unit.id,
          authorId: ctx.userId,
          kind: mode === 'submit' ? 'submission' : 'resubmission',
          body: answer || null,
        })
        .returning();
      await rememberResult(tx, idempotency, report.id);
      await saveFiles(tx, ctx, report.id, form.files);
      await trackByCaller(tx, ctx, mode === 'submit' ? 'submitted' : 'resubmitted', {
        assignmentId: unit.id,
        details: {
          report_id: report.id,
          files: form.files.length,
          by_teammate: mode === 'resubmit_by_teammate',
        },
      });
      const reviewers = await tx
        .select({ userId: taskReviewers.userId })
        .from(taskReviewers)
        .where(eq(taskReviewers.taskId, ctx.task.id));
      await notifyAboutTask(
        tx,
        ctx.task,
        'task_submitted',
        reviewers.map((r) => r.userId),
        ctx.userId,
      );
    });
  } catch (error) {
    await form.discard();
    // The same hand-in, sent twice at once: the other one stored it.
    if ((await resultOfRace(db, idempotency, error)) !== undefined) return;
    throw error;
  }
  await form.publish();
}

export async function saveFiles(
  db: DbOrTx,
  ctx: Pick<TaskContext, 'task' | 'userId'>,
  reportId: number | null,
  files: readonly StoredUpload[],
) {
  if (files.length === 0) return;
  await db.insert(taskFiles).values(
    files.map((file) => ({
      taskId: ctx.task.id,
      reportId,
      uploadedBy: ctx.userId,
      name: file.name,
      mimeType: file.mimeType,
      size: file.size,
      storageKey: file.key,
    })),
  );
}

/** A written answer from the caller's unit: no status change, and it answers any reminder. */
export async function answer(db: DbOrTx, ctx: TaskContext, body: string, assignmentId?: number) {
  requireRole(ctx, 'work');
  requireOpen(ctx);
  const unit = pickUnit(ctx.units, assignmentId);
  if (unit.status === 'closed') throw conflict('tasks:messages.work_closed');
  return db.transaction(async (tx) => {
    const [report] = await tx
      .insert(taskReports)
      .values({
        taskId: ctx.task.id,
        assignmentId: unit.id,
        authorId: ctx.userId,
        kind: 'answer',
        body,
      })
      .returning();
    await trackByCaller(tx, ctx, 'answered', {
      assignmentId: unit.id,
      details: { report_id: report.id },
    });
    return report;
  });
}

async function loadReport(db: DbOrTx, ctx: TaskContext, reportId: number) {
  const [report] = await db
    .select()
    .from(taskReports)
    .where(and(eq(taskReports.id, reportId), eq(taskReports.taskId, ctx.task.id)))
    .limit(1);
  if (!report) throw notFound('tasks:messages.answer_not_found');
  const unit = ctx.units.find((u) => u.id === report.assignmentId);
  return { report, unit };
}

/** Its author corrects the text of an answer or a submission while the work is not closed. */
export async function editAnswer(db: DbOrTx, ctx: TaskContext, reportId: number, body: string) {
  const { report, unit } = await loadReport(db, ctx, reportId);
  if (report.authorId !== ctx.userId || !unit) throw forbidden();
  requireOpen(ctx);
  if (unit.status === 'closed') throw conflict('tasks:messages.work_closed');
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(taskReports)
      .set({ body, updatedAt: new Date() })
      .where(eq(taskReports.id, report.id))
      .returning();
    await trackByCaller(tx, ctx, 'answer_edited', {
      assignmentId: report.assignmentId,
      details: { report_id: report.id },
    });
    return updated;
  });
}

/**
 * Written answers can be taken back by their author (or a manager). Submissions stay: the
 * review history (returns, acceptance) refers to them.
 */
export async function deleteAnswer(db: DbOrTx, ctx: TaskContext, reportId: number) {
  const { report, unit } = await loadReport(db, ctx, reportId);
  const mayDelete = ctx.roles.manage || (report.authorId === ctx.userId && unit !== undefined);
  if (!mayDelete) throw forbidden();
  if (report.kind !== 'answer') throw conflict('tasks:messages.submission_kept');
  requireLive(ctx);
  await db.transaction(async (tx) => {
    await tx.delete(taskReports).where(eq(taskReports.id, report.id));
    await trackByCaller(tx, ctx, 'answer_deleted', {
      assignmentId: report.assignmentId,
      details: { report_id: report.id },
    });
  });
}
