import { eq } from 'drizzle-orm';
import {
  notifications,
  reminderSettings,
  taskAssignments,
  taskFiles,
  taskReports,
  tasks,
} from '../../db/schema';
import { registerExportSection } from '../../core/export-sections';

/** What the tasks module keeps about a person, for "export my data". */
registerExportSection('tasks_created', (db, userId) =>
  db
    .select({
      id: tasks.id,
      name: tasks.name,
      workspace_id: tasks.workspaceId,
      created_at: tasks.createdAt,
    })
    .from(tasks)
    .where(eq(tasks.createdBy, userId)),
);
registerExportSection('task_assignments', (db, userId) =>
  db
    .select({
      task_id: taskAssignments.taskId,
      status: taskAssignments.status,
      number_of_returned: taskAssignments.numberOfReturned,
      comment: taskAssignments.comment,
      submitted_at: taskAssignments.submittedAt,
      closed_at: taskAssignments.closedAt,
    })
    .from(taskAssignments)
    .where(eq(taskAssignments.userId, userId)),
);
registerExportSection('task_answers', (db, userId) =>
  db
    .select({
      task_id: taskReports.taskId,
      kind: taskReports.kind,
      body: taskReports.body,
      created_at: taskReports.createdAt,
    })
    .from(taskReports)
    .where(eq(taskReports.authorId, userId)),
);
registerExportSection('task_files', (db, userId) =>
  db
    .select({
      task_id: taskFiles.taskId,
      name: taskFiles.name,
      mime_type: taskFiles.mimeType,
      size: taskFiles.size,
      created_at: taskFiles.createdAt,
    })
    .from(taskFiles)
    .where(eq(taskFiles.uploadedBy, userId)),
);
registerExportSection('reminder_settings', (db, userId) =>
  db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId)),
);
registerExportSection('notifications', (db, userId) =>
  db
    .select({
      kind: notifications.kind,
      reference_type: notifications.referenceType,
      reference_id: notifications.referenceId,
      data: notifications.data,
      read_at: notifications.readAt,
      created_at: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId)),
);
