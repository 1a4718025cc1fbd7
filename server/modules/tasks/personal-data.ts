import { eq, inArray } from 'drizzle-orm';
import type { AccountDeletion, ExportSection, FileReferences } from '../../core/area';
import { personRows, storageKeyFiles } from '../../core/export-sections';
import {
  reminderSettings,
  taskAssignments,
  taskEvents,
  taskFiles,
  taskReports,
  taskReviewers,
  tasks,
} from '../../db/schema';

/** What the tasks module keeps about a person, for "export my data". */
export const exportSections: ExportSection[] = [
  personRows('tasks_created', tasks.createdBy, {
    id: tasks.id,
    name: tasks.name,
    workspace_id: tasks.workspaceId,
    created_at: tasks.createdAt,
  }),
  personRows('task_assignments', taskAssignments.userId, {
    task_id: taskAssignments.taskId,
    status: taskAssignments.status,
    number_of_returned: taskAssignments.numberOfReturned,
    comment: taskAssignments.comment,
    submitted_at: taskAssignments.submittedAt,
    closed_at: taskAssignments.closedAt,
  }),
  personRows('task_reviews', taskReviewers.userId, { task_id: taskReviewers.taskId }),
  personRows('task_answers', taskReports.authorId, {
    task_id: taskReports.taskId,
    kind: taskReports.kind,
    body: taskReports.body,
    created_at: taskReports.createdAt,
  }),
  personRows('task_files', taskFiles.uploadedBy, {
    task_id: taskFiles.taskId,
    name: taskFiles.name,
    mime_type: taskFiles.mimeType,
    size: taskFiles.size,
    created_at: taskFiles.createdAt,
  }),
  personRows('task_history', taskEvents.actorId, {
    task_id: taskEvents.taskId,
    action: taskEvents.action,
    created_at: taskEvents.createdAt,
  }),
  personRows('reminder_settings', reminderSettings.userId),
];

/**
 * Tasks, their answers, files, reviews and history are the workspace's work: they stay, shown
 * as a deleted account's. Only the person's own reminder snoozes go.
 */
export const accountDeletion: AccountDeletion = {
  erases: [reminderSettings],
  keeps: [tasks, taskAssignments, taskReviewers, taskReports, taskFiles, taskEvents],
  async erase(tx, userId) {
    await tx.delete(reminderSettings).where(eq(reminderSettings.userId, userId));
  },
};

/** `task_files.storage_key`: files handed in on tasks and tasks' own attachments. */
export const files: FileReferences = storageKeyFiles(taskFiles.storageKey, (workspaceId, db) => ({
  where: inArray(
    taskFiles.taskId,
    db.select({ id: tasks.id }).from(tasks).where(eq(tasks.workspaceId, workspaceId)),
  ),
}));
