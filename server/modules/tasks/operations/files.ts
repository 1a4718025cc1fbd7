import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { editFileFields, taskFilesFields, type TaskFile } from '@contracts/tasks';
import type { AppDeps } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { taskFiles, taskReports, type TaskFileRow } from '../../../db/schema';
import { conflict, forbidden, notFound, validationFailed } from '../../../http/errors';
import { storageFor } from '../../../storage';
import { DOCUMENT_TYPES, extensionOf } from '../../../storage/file-types';
import { parseFields, type FormSource } from '../../../storage/uploads';
import { requireLive, requireRole, type TaskContext } from '../load';
import { loadPeople } from '../people';
import { trackByCaller } from '../tracking';
import { saveFiles } from './hand-in';

/** Reviewers, report readers and managers see all work; others their own units' work. */
export const seesAllWork = (ctx: TaskContext) =>
  ctx.roles.review || ctx.roles.viewReport || ctx.roles.manage;

/** Reports the caller may read: all, or those of their own units. */
export function visibleReports(ctx: TaskContext): SQL | undefined {
  if (seesAllWork(ctx)) return undefined;
  const own = ctx.units.map((u) => u.id);
  return own.length ? inArray(taskReports.assignmentId, own) : eq(taskReports.id, -1);
}

export async function presentFiles(db: DbOrTx, rows: TaskFileRow[]): Promise<TaskFile[]> {
  const people = await loadPeople(
    db,
    rows.map((r) => r.uploadedBy),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    mime_type: row.mimeType,
    size: row.size,
    report_id: row.reportId,
    uploaded_by: people.get(row.uploadedBy)!,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** The task's own attachments and the handed-in files the caller may see. */
export async function listFiles(db: DbOrTx, ctx: TaskContext) {
  const reportIds = db
    .select({ id: taskReports.id })
    .from(taskReports)
    .where(and(eq(taskReports.taskId, ctx.task.id), visibleReports(ctx)));
  const rows = await db
    .select()
    .from(taskFiles)
    .where(
      and(
        eq(taskFiles.taskId, ctx.task.id),
        or(isNull(taskFiles.reportId), inArray(taskFiles.reportId, reportIds)),
      ),
    )
    .orderBy(taskFiles.id);
  return presentFiles(db, rows);
}

export async function findVisibleFile(db: DbOrTx, ctx: TaskContext, fileId: number) {
  const visible = await listFiles(db, ctx);
  if (!visible.some((f) => f.id === fileId)) throw notFound('tasks:messages.file_not_found');
  const [row] = await db.select().from(taskFiles).where(eq(taskFiles.id, fileId));
  return row;
}

const parseIds = (value: string | undefined) =>
  value ? [...new Set(value.split(',').map(Number))] : [];

/**
 * The task's own attachments (instructions, templates): managers add files and remove others
 * in one multipart call (`remove_file_ids`: comma-separated ids).
 */
export async function changeAttachments(deps: AppDeps, receive: FormSource, ctx: TaskContext) {
  requireRole(ctx, 'manage');
  requireLive(ctx);
  const { db } = deps;
  const form = await receive();
  let removedKeys: string[] = [];
  try {
    const removeIds = parseIds(parseFields(taskFilesFields, form.fields).remove_file_ids);
    removedKeys = await db.transaction(async (tx) => {
      const removed = removeIds.length
        ? await tx
            .delete(taskFiles)
            .where(
              and(
                eq(taskFiles.taskId, ctx.task.id),
                isNull(taskFiles.reportId),
                inArray(taskFiles.id, removeIds),
              ),
            )
            .returning()
        : [];
      if (removed.length !== removeIds.length) {
        throw validationFailed({ remove_file_ids: 'tasks:messages.file_not_found' });
      }
      await saveFiles(tx, ctx, null, form.files);
      await trackByCaller(tx, ctx, 'files_changed', {
        details: { added: form.files.map((f) => f.name), removed: removed.map((f) => f.name) },
      });
      return removed.map((f) => f.storageKey);
    });
  } catch (error) {
    await form.discard();
    throw error;
  }
  await form.publish();
  await storageFor(deps.config).remove(removedKeys);
}

/**
 * Replaces a file (and/or renames it): a handed-in file by someone of its unit while the work
 * is not closed, an attachment by a manager. The old content is removed after the change.
 */
export async function editFile(
  deps: AppDeps,
  receive: FormSource,
  ctx: TaskContext,
  fileId: number,
) {
  requireLive(ctx);
  const { db } = deps;
  const [file] = await db
    .select()
    .from(taskFiles)
    .where(and(eq(taskFiles.id, fileId), eq(taskFiles.taskId, ctx.task.id)));
  if (!file) throw notFound('tasks:messages.file_not_found');
  let unitId: number | null = null;
  if (file.reportId === null) {
    requireRole(ctx, 'manage');
  } else {
    const [report] = await db.select().from(taskReports).where(eq(taskReports.id, file.reportId));
    const unit = ctx.units.find((u) => u.id === report.assignmentId);
    if (!unit || !ctx.roles.work) throw forbidden();
    if (unit.status === 'closed') throw conflict('tasks:messages.work_closed');
    unitId = unit.id;
  }
  const form = await receive();
  let oldKey: string | null = null;
  try {
    const fields = parseFields(editFileFields, form.fields);
    const replacement = form.files[0];
    const name = fields.name ?? replacement?.name;
    if (!replacement && !name) throw validationFailed({ file: 'tasks:messages.nothing_handed_in' });
    // A new name keeps the content's type, so a PDF cannot be renamed into something else.
    if (name && DOCUMENT_TYPES[extensionOf(name)] !== (replacement?.mimeType ?? file.mimeType)) {
      throw validationFailed({ name: 'tasks:messages.name_type_mismatch' });
    }
    await db.transaction(async (tx) => {
      await tx
        .update(taskFiles)
        .set({
          name: name ?? file.name,
          ...(replacement
            ? {
                storageKey: replacement.key,
                mimeType: replacement.mimeType,
                size: replacement.size,
              }
            : {}),
          uploadedBy: ctx.userId,
          updatedAt: new Date(),
        })
        .where(eq(taskFiles.id, file.id));
      await trackByCaller(tx, ctx, 'file_replaced', {
        assignmentId: unitId,
        details: { file_id: file.id, name: name ?? file.name, replaced: Boolean(replacement) },
      });
    });
    if (replacement) oldKey = file.storageKey;
  } catch (error) {
    await form.discard();
    throw error;
  }
  await form.publish();
  if (oldKey) await storageFor(deps.config).remove([oldKey]);
}
