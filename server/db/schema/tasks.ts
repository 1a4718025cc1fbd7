import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  REPORT_KINDS,
  TASK_STATUSES,
  TASK_TYPES,
  WORK_STATUSES,
  type TaskStatus,
  type WorkStatus,
} from '../../../contracts/tasks';
import { criteria } from './criteria';
import { teams } from './workspace-teams';
import { personId, users } from './users';
import { workspaceId } from './workspaces';
import { createdAt, parentRef, requiredRef, timestampTz, updatedAt, weakRef } from './columns';

// The names live in contracts/ so the client shares them; re-exported for server code.
export { REPORT_KINDS, TASK_STATUSES, TASK_TYPES, WORK_STATUSES, type TaskStatus, type WorkStatus };

/**
 * Tasks and subtasks (spec 3 "Task", "Subtask"): a subtask is a task with a parent. Only two
 * levels exist, so a parent never has a parent itself (enforced by the operations).
 * `type` says which call made it: `owner` (tasks-by-owner, or a subtask set by a manager) or
 * `member` (tasks-by-member, or a subtask an assignee set for their own unit).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    workspaceId: workspaceId('workspace_id'),
    parentId: integer('parent_id').references((): AnyPgColumn => tasks.id, {
      onDelete: 'cascade',
    }),
    type: text('type', { enum: TASK_TYPES }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('open'),
    /** Where restore puts an archived task back (open or closed). */
    statusBeforeArchive: text('status_before_archive', { enum: ['open', 'closed'] }),
    startedAt: timestampTz('started_at'),
    /** The due date (spec calls it expired_at). */
    expiredAt: timestampTz('expired_at'),
    schema: jsonb('schema').$type<{ color?: string }>().notNull().default({}),
    createdBy: requiredRef('created_by', () => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestampTz('closed_at'),
    archivedAt: timestampTz('archived_at'),
  },
  (t) => [
    index('tasks_workspace_status_idx').on(t.workspaceId, t.status),
    index('tasks_parent_idx').on(t.parentId),
  ],
);

/** The people named to accept or return a task's work. */
export const taskReviewers = pgTable(
  'task_reviewers',
  {
    taskId: parentRef('task_id', () => tasks.id),
    userId: personId('user_id'),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    index('task_reviewers_user_idx').on(t.userId),
  ],
);

/**
 * One unit of work on a task: a person, or a team whose members share one submission. Each
 * unit moves through todo → submitted → (returned → resubmitted)* → closed on its own.
 */
export const taskAssignments = pgTable(
  'task_assignments',
  {
    id: serial('id').primaryKey(),
    taskId: parentRef('task_id', () => tasks.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WORK_STATUSES }).notNull().default('todo'),
    /** Who closed it: the assignee marking it done, or a reviewer accepting it. */
    closedBy: text('closed_by', { enum: ['assignee', 'reviewer'] }),
    numberOfReturned: integer('number_of_returned').notNull().default(0),
    /** The reviewers' feedback to this unit (spec "comment"). */
    comment: text('comment'),
    submittedAt: timestampTz('submitted_at'),
    closedAt: timestampTz('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('task_assignments_one_assignee', sql`(${t.userId} is null) <> (${t.teamId} is null)`),
    uniqueIndex('task_assignments_user_unique')
      .on(t.taskId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('task_assignments_team_unique')
      .on(t.taskId, t.teamId)
      .where(sql`${t.teamId} is not null`),
    // A task's units, for lists (the unique indexes above are partial, so they cannot serve it).
    index('task_assignments_task_idx').on(t.taskId),
    index('task_assignments_user_idx').on(t.userId),
    index('task_assignments_team_idx').on(t.teamId),
  ],
);

/**
 * What a unit hands in (spec "answers", each with a report id): a submission or resubmission
 * (with files) or a written answer.
 */
export const taskReports = pgTable(
  'task_reports',
  {
    id: serial('id').primaryKey(),
    taskId: parentRef('task_id', () => tasks.id),
    assignmentId: parentRef('assignment_id', () => taskAssignments.id),
    authorId: requiredRef('author_id', () => users.id),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    body: text('body'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('task_reports_task_idx').on(t.taskId, t.assignmentId)],
);

/**
 * Files in storage: handed in with a report, or attached to the task itself by whoever manages
 * it (report_id null). `storage_key` names the object in the file storage.
 */
export const taskFiles = pgTable(
  'task_files',
  {
    id: serial('id').primaryKey(),
    taskId: parentRef('task_id', () => tasks.id),
    reportId: integer('report_id').references(() => taskReports.id, { onDelete: 'cascade' }),
    uploadedBy: requiredRef('uploaded_by', () => users.id),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('task_files_storage_key_unique').on(t.storageKey),
    index('task_files_task_idx').on(t.taskId),
    index('task_files_report_idx').on(t.reportId),
  ],
);

/** The tracking timeline: who did what to a task, and when. */
export const taskEvents = pgTable(
  'task_events',
  {
    id: serial('id').primaryKey(),
    taskId: parentRef('task_id', () => tasks.id),
    assignmentId: weakRef('assignment_id', () => taskAssignments.id),
    actorId: weakRef('actor_id', () => users.id),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('task_events_task_idx').on(t.taskId, t.id)],
);

/** Tags on a task: criteria of type task (spec 3 "Tag (called criteria)"). */
export const taskTags = pgTable(
  'task_tags',
  {
    taskId: parentRef('task_id', () => tasks.id),
    tagId: parentRef('tag_id', () => criteria.id),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.tagId] }), index('task_tags_tag_idx').on(t.tagId)],
);

/**
 * Key results a task contributes to. Only the ids are kept for now; the OKR module owns key
 * results and will add the foreign key when its table exists.
 */
export const taskKeyResults = pgTable(
  'task_key_results',
  {
    taskId: parentRef('task_id', () => tasks.id),
    keyResultId: integer('key_result_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.keyResultId] })],
);

/**
 * A person's choice about one reminder (spec 7.16 update-setting): dismissed for good, or
 * hidden until `snoozed_until`.
 */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    userId: personId('user_id'),
    referenceType: text('reference_type', { enum: ['task', 'assessment'] }).notNull(),
    referenceId: integer('reference_id').notNull(),
    snoozedUntil: timestampTz('snoozed_until'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.referenceType, t.referenceId] })],
);

export type TaskRow = typeof tasks.$inferSelect;
export type TaskAssignmentRow = typeof taskAssignments.$inferSelect;
export type TaskReportRow = typeof taskReports.$inferSelect;
export type TaskFileRow = typeof taskFiles.$inferSelect;
export type TaskEventRow = typeof taskEvents.$inferSelect;
